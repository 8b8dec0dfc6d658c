export function folderOf(relativePath: string): string | null;
export function readImportSpecifiers(text: string): string[];
export type FolderEdges = Map<string, Map<string, string>>;
export type FolderGraph = { edges: FolderEdges; componentOf: Map<string, string[]>; specifiersOf: Map<string, string[]> };
export function buildFolderGraph(rootDirectory: string, unsaved?: { file: string; text: string }): FolderGraph;
export function withFileText(rootDirectory: string, graph: FolderGraph, unsaved: { file: string; text: string }): FolderGraph;
export function findPath(edges: FolderEdges, from: string, to: string): string[] | null;
