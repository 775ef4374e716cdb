/**
 * The Prometheus endpoint's own listener (METRICS_PORT, METRICS_HOST: loopback unless the operator says
 * otherwise), never the public port: the counts are for the operator's scraper, not for every visitor, and
 * a scrape is never logged above debug. Plain node:http: one route, no framework to start.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerMetrics } from './metrics.ts';

export interface MetricsListener {
  /** e.g. 'http://127.0.0.1:9464/metrics' */
  readonly url: string;
  close(): Promise<void>;
}

export async function listenForMetrics(
  metrics: ServerMetrics,
  where: { readonly port: number; readonly host: string },
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Prometheus metrics are at GET /metrics.\n');
      return;
    }
    metrics.exposition().then(
      ({ text, contentType }) => {
        log.debug('metrics scraped');
        response.writeHead(200, { 'content-type': contentType });
        response.end(text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : where.port;
  const host = where.host.includes(':') ? `[${where.host}]` : where.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
