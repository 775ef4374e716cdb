/**
 * The layers of DESIGN.md, enforced: imports only point down
 * engine <- learn <- ai <- arena <- server/cli, protocol <- arena/server/web; nothing imports cli, server or web;
 * the engine stays pure (no Node built-ins, no DOM or I/O packages).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-imports-a-higher-layer',
      comment: 'src/engine is the bottom layer: it may not import learn, ai, protocol, server, web or cli.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '(^|/)(learn|ai|protocol|server|web|cli)/' },
    },
    {
      name: 'engine-imports-node-builtin',
      comment: 'src/engine is pure: no Node built-ins (fs, path, crypto, ...). Pass such things in.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'engine-imports-io-package',
      comment:
        "src/engine is pure: the only npm packages it may use are pure-rand (bots' fast chance) and @noble/ciphers and @noble/hashes (keyed game chance).",
      severity: 'error',
      from: { path: '^src/engine/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '^node_modules/(pure-rand|@noble/ciphers|@noble/hashes)/',
      },
    },
    {
      name: 'learn-imports-a-higher-layer',
      comment:
        'src/learn (actions as integers, tensors, explicit chance, resampling, batched envs) sits on the engine only.',
      severity: 'error',
      from: { path: '^src/learn/' },
      to: { path: '^src/(ai|protocol|arena|server|web|cli)/' },
    },
    {
      name: 'learn-imports-node-builtin',
      comment: 'src/learn runs in Node, worker_threads and a Web Worker: no Node built-ins.',
      severity: 'error',
      from: { path: '^src/learn/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'ai-imports-a-higher-layer',
      comment: 'src/ai sits on the engine and learn: it may not import protocol, arena, server, web or cli.',
      severity: 'error',
      from: { path: '^src/ai/' },
      to: { path: '(^|/)(protocol|arena|server|web|cli)/' },
    },
    {
      name: 'ai-imports-node-builtin',
      comment: 'src/ai runs in Node, worker_threads and a Web Worker: no Node built-ins.',
      severity: 'error',
      from: { path: '^src/ai/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'arena-imports-a-higher-layer',
      comment:
        'src/arena (external bots, tournaments on every core: Node) sits on engine, ai and protocol: it may not import server, web or cli.',
      severity: 'error',
      from: { path: '^src/arena/' },
      to: { path: '^src/(server|web|cli)/' },
    },
    {
      name: 'protocol-imports-a-higher-layer',
      comment: 'src/protocol holds the wire messages only: it may use the engine types, nothing above.',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { path: '^src/(ai|arena|server|web|cli)/' },
    },
    {
      name: 'nothing-imports-server',
      comment: 'Nothing imports src/server except the server itself and the cli that starts it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(server|cli)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'nothing-imports-web',
      comment: 'Nothing imports src/web except the web client itself.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/web/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'nothing-imports-cli',
      comment: 'Nothing imports src/cli except the cli itself.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles hide layering mistakes.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that cannot be resolved is a typo or a missing dependency. Vite virtual modules and the type-only ' +
        'references of src/web/env.d.ts exist only at build time.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(virtual:pwa-register|vite/client|vite-plugin-pwa/client)$' },
    },
  ],
  options: {
    preserveSymlinks: true,
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
