// elkjs's worker script, inlined by esbuild as a string (`with { type: 'text' }`): the webview starts the
// worker from a blob: URL, since a worker script must come from the page's own origin.
declare module 'elkjs/lib/elk-worker.min.js' {
  const source: string;
  export default source;
}
