/** Vite bundles the stylesheet the entry imports; TypeScript only needs to know such imports exist. */
declare module '*.css' {}
