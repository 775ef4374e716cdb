/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />
/** Vite bundles the stylesheet the entry imports; TypeScript only needs to know such imports exist. */
declare module '*.css' {}
