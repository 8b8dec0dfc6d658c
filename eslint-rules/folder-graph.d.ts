export function folderOf(relativePath: string): string | null;
export function readImportSpecifiers(text: string): string[];
export type FolderEdges = Map<string, Map<string, string>>;
export function buildFolderGraph(rootDirectory: string): { edges: FolderEdges; componentOf: Map<string, string[]> };
export function findPath(edges: FolderEdges, from: string, to: string): string[] | null;
