export type LayerHost = 'everywhere' | 'web-standard' | 'page' | 'node';
export const LAYERS: Record<string, { runs: LayerHost; imports: string[]; entries?: string[] }>;
export const MODULES_REFUSED: Record<LayerHost, { modules: string[]; why: string }[]>;
export const GLOBALS_REFUSED: Record<LayerHost, { names: string[]; why: string }>;
export function listLayerEntries(layer: string): string[];
export function listLayerFiles(layer: string): string[];
export function findRefusedModule(layer: string, specifier: string): string | null;
