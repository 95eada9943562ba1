// What a hostile agent collects while looking for the provider key: its environment and argv, every
// /proc/<pid>/environ and cmdline it can read, and the text files under its HOME, its working
// directory and the temporary directory. The test searches it for the real key; and asks the model
// gateway (when its base URL is set) without the capability, and for a path outside the provider's API.
'use strict';
/* global require, module, fetch */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file, like the stand-in it serves */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const FILE_BYTES = 256 * 1024;
const FILES = 2000;
// In all: enough for a HOME and a workspace, without filling the disk when run as root.
const TOTAL_BYTES = 16 * 1024 * 1024;

const tryRead = file => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

function processes() {
  const out = [];
  for (const pid of tryList('/proc').filter(n => /^\d+$/.test(n))) {
    const environ = tryRead(`/proc/${pid}/environ`);
    const cmdline = tryRead(`/proc/${pid}/cmdline`);
    if (environ !== undefined || cmdline !== undefined)
      out.push({ pid: Number(pid), environ, cmdline });
  }
  return out;
}

function tryList(dir) {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function files(roots) {
  const out = [];
  const seen = new Set();
  let total = 0;
  const walk = (dir, depth) => {
    if (depth > 6 || out.length >= FILES || total >= TOTAL_BYTES || seen.has(dir)) return;
    seen.add(dir);
    for (const name of tryList(dir)) {
      const full = path.join(dir, name);
      let stat;
      try {
        stat = fs.lstatSync(full);
      } catch {
        continue;
      }
      if (stat.isDirectory()) walk(full, depth + 1);
      else if (stat.isFile() && stat.size <= FILE_BYTES) {
        const text = tryRead(full);
        if (text === undefined) continue;
        total += text.length;
        out.push({ path: full, text });
      }
    }
  };
  for (const root of roots) if (root) walk(root, 0);
  return out;
}

/** The gateway, asked as a stranger: without the capability, and for a path outside the provider's API. */
async function askGateway(env) {
  const base = env.OPENAI_BASE_URL || env.OPENROUTER_BASE_URL;
  const key = env.OPENAI_API_KEY || env.OPENROUTER_API_KEY;
  if (!base || !/^http:\/\/127\.0\.0\.1:/.test(base)) return null;
  const status = async (url, headers) => {
    try {
      const r = await fetch(url, { method: 'POST', headers, body: '{}', redirect: 'manual' });
      return r.status;
    } catch (error) {
      return `error: ${error?.cause?.code ?? error}`;
    }
  };
  const origin = new URL(base).origin;
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    withoutCapability: await status(`${base}/chat/completions`, {
      'content-type': 'application/json'
    }),
    otherPath: await status(`${origin}/../../admin`, auth)
  };
}

async function harvest(file) {
  const env = process.env;
  const dump = {
    env,
    argv: process.argv,
    processes: processes(),
    files: files([env.HOME, process.cwd(), os.tmpdir()])
  };
  fs.writeFileSync(file, JSON.stringify(dump));
  return askGateway(env);
}

module.exports = { harvest };
