/**
 * Where the extension's panels (the graph view, the tensor view) open: one side group beside the source, shared.
 * At 1,400 px, a group per panel (source, walkthrough, graph, tensor) left the graph 200 px wide; so a panel opens in
 * the group that already holds one of them, else in the group next to the source's (a walkthrough's, a preview's),
 * and only without either in a new group beside the source.
 */
import * as vscode from 'vscode';

/** The webview panels of the extension, by view type. */
const PANEL_TYPES = ['bir.graph', 'bir.tensor'];

export function sideColumn(source: vscode.ViewColumn): vscode.ViewColumn {
  const groups = vscode.window.tabGroups.all.filter((g) => g.viewColumn !== source);
  const holdsPanel = (g: vscode.TabGroup): boolean => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && PANEL_TYPES.some((type) => (t.input as vscode.TabInputWebview).viewType.endsWith(type)));
  const withPanel = groups.find(holdsPanel);
  if (withPanel) return withPanel.viewColumn;
  const columns = groups.map((g) => g.viewColumn);
  return columns.find((c) => c > source) ?? columns[0] ?? vscode.ViewColumn.Beside;
}
