/**
 * `pirates tournament --html`: the report page, rendered in Chromium, shows the numbers of the JSON report:
 * each bot's Elo and interval in the table and the plot, each pair's score in the heat map and the table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eloWithIntervals } from '../../src/ai/rating.ts';
import { reportHtml } from '../../src/arena/report-html.ts';
import { randomFromSeed } from '../../src/engine/index.ts';
import { chromiumAvailable, launch, ROOT, resultsDir } from './harness.ts';

interface Report {
  bots: { name: string; elo: number; eloLow: number; eloHigh: number; forfeits: number }[];
  pairs: { a: string; b: string; games: number; aScore: number; low: number; high: number }[];
}

describe.skipIf(!chromiumAvailable())('the tournament report page', () => {
  let browser: Browser;
  const work = mkdtempSync(join(tmpdir(), 'pirates-report-'));
  const page = join(work, 'report.html');
  let report: Report;

  beforeAll(async () => {
    const out = execFileSync(
      process.execPath,
      [
        'bin/pirates.js',
        'tournament',
        '--bots',
        'random,heuristic,easy',
        '--games',
        '4',
        '--turn-limit',
        '100',
        '--seed',
        'report',
        '--workers',
        '1',
        '--json',
        '--html',
        page,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    report = JSON.parse(out) as Report;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('shows the Elo table, the Elo plot and the score matrix with the JSON report numbers', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 1200 } });
    const tab = await context.newPage();
    await tab.goto(`file://${page}`);
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    for (const bot of report.bots) {
      const row = tab.locator(`#elo tr[data-bot="${bot.name}"]`);
      expect(await row.locator('[data-field="elo"]').textContent()).toBe(bot.elo.toFixed(0));
      expect(await row.locator('[data-field="eloLow"]').textContent()).toBe(bot.eloLow.toFixed(0));
      expect(await row.locator('[data-field="eloHigh"]').textContent()).toBe(bot.eloHigh.toFixed(0));
      expect(await row.locator('[data-field="forfeits"]').textContent()).toBe(String(bot.forfeits));
      const point = tab.locator(`#elo-plot g[data-bot="${bot.name}"]`);
      expect(await point.getAttribute('data-elo')).toBe(bot.elo.toFixed(0));
      expect(await point.locator('title').first().textContent()).toBe(
        `${bot.name}: ${bot.elo.toFixed(0)} (${bot.eloLow.toFixed(0)} to ${bot.eloHigh.toFixed(0)})`,
      );
      // The error bar spans the interval: its ends are where the axis puts eloLow and eloHigh.
      const dot = await point.locator('circle').boundingBox();
      const bar = await point.locator('line').first().boundingBox();
      expect(dot).not.toBeNull();
      expect(bar).not.toBeNull();
      if (dot !== null && bar !== null && bot.eloHigh > bot.eloLow) {
        expect(dot.x + dot.width / 2).toBeGreaterThanOrEqual(bar.x - 1);
        expect(dot.x + dot.width / 2).toBeLessThanOrEqual(bar.x + bar.width + 1);
      }
    }
    // Rows in Elo order, best first.
    const order = await tab
      .locator('#elo tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bot')));
    expect(order).toEqual([...report.bots].sort((x, y) => y.elo - x.elo).map((b) => b.name));
    for (const pair of report.pairs) {
      const cell = tab.locator(`#score-matrix g[data-row="${pair.a}"][data-column="${pair.b}"] text`);
      expect(await cell.textContent()).toBe(pct(pair.aScore));
      const mirror = tab.locator(`#score-matrix g[data-row="${pair.b}"][data-column="${pair.a}"] text`);
      expect(await mirror.textContent()).toBe(pct(1 - pair.aScore));
      const row = tab.locator(`#pairs tr[data-a="${pair.a}"][data-b="${pair.b}"]`);
      expect(await row.locator('[data-field="aScore"]').textContent()).toBe(pct(pair.aScore));
      expect(await row.locator('[data-field="games"]').textContent()).toBe(String(pair.games));
      expect(await row.locator('[data-field="interval"]').textContent()).toBe(
        `${pct(pair.low)} – ${pct(pair.high)}`,
      );
    }
    // Three bots: six cells off the diagonal.
    expect(await tab.locator('#score-matrix g[data-score]').count()).toBe(6);
    await tab.screenshot({ path: join(resultsDir(), 'tournament-report.png'), fullPage: true });
    expect(readFileSync(page, 'utf8')).not.toContain('<script');
    await context.close();
  });

  it('a shut-out keeps an error bar, and long cmd: names fit the plot and the heat map with the full name as a tooltip', async () => {
    const names = [
      'heuristic',
      'cmd:python3 /home/someone/bots/deep-learning-pirate/main.py --model big',
      'cmd:/opt/WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW/bot',
    ];
    // Every pair a shut-out (20 of 20): resampling the games alone gave every bot a zero-width interval.
    const games = [
      { a: 0, b: 1, scores: Array.from({ length: 20 }, () => 1) },
      { a: 0, b: 2, scores: Array.from({ length: 20 }, () => 1) },
      { a: 1, b: 2, scores: Array.from({ length: 20 }, () => 1) },
    ];
    const elos = eloWithIntervals(3, games, 0, randomFromSeed('shut-out'));
    const mean = (scores: number[]) => scores.reduce((sum, s) => sum + s, 0) / scores.length;
    const html = reportHtml(
      {
        bots: names.map((name, i) => ({
          name,
          elo: elos[i]?.elo ?? 0,
          eloLow: elos[i]?.low ?? 0,
          eloHigh: elos[i]?.high ?? 0,
          msPerDecision: 1,
          slowestMs: 1,
          forfeits: 0,
        })),
        pairs: games.map((g) => ({
          a: names[g.a] ?? '',
          b: names[g.b] ?? '',
          games: 20,
          aScore: mean(g.scores),
          low: 0,
          high: 1,
        })),
      },
      { seed: 'shut-out', games: 20 },
    );
    const context = await browser.newContext({ viewport: { width: 1000, height: 1200 } });
    const tab = await context.newPage();
    await tab.setContent(html);
    for (const name of names.slice(1)) {
      const bar = await tab.locator(`#elo-plot g[data-bot="${name}"] line`).first().boundingBox();
      expect(bar?.width ?? 0).toBeGreaterThan(20);
    }
    for (const figure of ['#elo-plot', '#score-matrix']) {
      const box = await tab.locator(figure).boundingBox();
      expect(box).not.toBeNull();
      const labels = await tab.locator(`${figure} text`).evaluateAll((texts) =>
        texts.map((text) => {
          const r = text.getBoundingClientRect();
          return { left: r.left, right: r.right, full: text.querySelector('title')?.textContent ?? null };
        }),
      );
      // Every label (bots' names, axis ticks) lies inside its figure: none is cut at the edge.
      for (const label of labels) {
        expect(label.left, JSON.stringify(labels)).toBeGreaterThanOrEqual((box?.x ?? 0) - 0.5);
        expect(label.right).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 0.5);
      }
      // The long names are shortened, with the whole name as the label's tooltip.
      const tooltips = labels.map((l) => l.full).filter((full) => full !== null);
      expect(tooltips).toEqual(expect.arrayContaining([names[1], names[2]]));
    }
    await tab.screenshot({ path: join(resultsDir(), 'tournament-report-long-names.png'), fullPage: true });
    await context.close();
  });
});
