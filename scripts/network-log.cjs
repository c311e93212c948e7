// Preloaded into every Node process of a check (NODE_OPTIONS=--require scripts/network-log.cjs): writes each host
// name a process looks up (every connection by name goes through dns.lookup: http, https, fetch, npm, node-gyp,
// prebuild-install, install scripts) to the file BIR_NETWORK_LOG, one line each: host, process id, command line.
// scripts/fresh-clone-check.mjs reads it to tell what was downloaded from where.
'use strict';
/* global require, process */ // CommonJS in Node (the lint's rules are for the TypeScript sources)
/* eslint-disable @typescript-eslint/no-require-imports */
const dns = require('dns');
const fs = require('fs');

const file = process.env.BIR_NETWORK_LOG;
if (file) {
  const what = process.argv.slice(1).join(' ').replace(/\s+/g, ' ').slice(0, 200);
  const note = (host) => {
    try {
      fs.appendFileSync(file, `${host}\t${process.pid}\t${what}\n`);
    } catch {
      // the check's folder is gone: nothing to note
    }
  };
  const lookup = dns.lookup;
  dns.lookup = function (host, ...rest) {
    note(host);
    return lookup.call(this, host, ...rest);
  };
  const promised = dns.promises.lookup;
  dns.promises.lookup = function (host, ...rest) {
    note(host);
    return promised.call(this, host, ...rest);
  };
}
