/**
 * What "create a launch.json file" writes: one configuration of each kind, each doing something the others do not.
 * Plain data (no vscode import), so that a unit test validates each as a launch.
 */
const launch = { type: 'bir', request: 'launch', program: '${file}' } as const;

export const INITIAL_CONFIGURATIONS: readonly Readonly<Record<string, unknown>>[] = [
  { ...launch, name: 'Debug BIR File' },
  { ...launch, name: 'Run BIR File (no breakpoints)', noDebug: true },
  { ...launch, name: 'Debug BIR File after compiler passes', passes: ['inline', 'dce', 'fuse'], stopOnPassEntry: true },
  { ...launch, name: 'Debug BIR File on 2 cores', cores: 2 },
];
