/**
 * Paths as the agent tools take and give them: relative to the workspace (the MCP server's working folder, VS Code's
 * first folder), which is where an agent names files from; absolute paths are taken as they are, and files outside
 * the workspace are shown absolute.
 */
import * as path from 'path';

export class Places {
  constructor(readonly root: string) {}

  /** An absolute path for what the agent wrote. */
  resolve(file: string): string {
    return path.resolve(this.root, file);
  }

  /** How an answer names a file: relative to the workspace when it is inside it. */
  show(file: string): string {
    const relative = path.relative(this.root, file);
    return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : file;
  }
}
