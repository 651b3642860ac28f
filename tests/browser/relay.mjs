// A real Nostr relay on loopback for the live table's tests: the Python nostr-relay 1.14 that
// `scripts/setup --browser` installs into tools/relay/.venv (tools/relay/requirements.txt).
//
//   const relay = await startRelay();        // or startRelay({ port })
//   relay.url                                 // ws://127.0.0.1:<port>
//   await relay.restart();                    // the same port and SQLite file: events survive
//   await relay.stop();                       // { keepFiles: true } keeps its folder
//
// Each relay writes its own config (the package's config.yaml with the SQLite file and the
// port in its own temporary folder) and is ready once it answers a REQ with EOSE.
//
// What this relay does (nostr-relay 1.14), measured in tests/browser/relay.test.mjs unless
// marked "(its source)":
// - A refused event is answered `["OK", "", false, "invalid: ..."]`: the id is EMPTY, not the
//   event's (table-client.mjs matches it to the oldest publish still waiting). A bad
//   signature: "invalid: Bad signature"; content over the limit: "invalid: 280 characters
//   should be enough for anybody"; created_at more than an hour ahead: "invalid: <t> is in
//   the future"; older than a year: "invalid: <t> is too old" (its source). A duplicate is
//   `["OK", id, false, "duplicate: exists"]`.
// - After a refused event the relay throttles THAT connection: it sleeps 2 s before the OK,
//   then as long again after each later EVENT or REQ it handles on it (a REQ's answer still
//   comes at once; the next message waits), doubling at each further refusal (2, 4, 8 s...).
//   A test that publishes after a refusal opens a new connection.
// - It checks the signature against the id it computes from the fields, never the `id` it
//   was sent: an event with a wrong id and a good signature is stored under the wrong id.
//   Phones must check ids themselves.
// - Its JSON writer (python-rapidjson) escapes control characters with upper-case hex
//   (\u001F) where serde_json and JSON.stringify write \u001f: an event whose content or tags
//   hold U+000B, U+000E, U+000F or U+001A to U+001F is refused as "Bad signature" (other
//   control characters come out the same). Sealed contents (base64url) never hold any.
// - The size limit (`max_event_size`) counts the characters of `content` only, not the
//   event's JSON. Its default is 4096; here it is 16384, the protocol's 16 KB, so an event
//   of 16 KB as JSON is accepted and one with more than 16,384 characters of content is not.
//   WebSocket messages themselves may be up to 16 MiB (uvicorn's default).
// - Ephemeral events (20000-29999, presence 27237) are sent to live subscribers and also
//   STORED until the garbage collector deletes them (every 300 s by default; every
//   `gcSeconds`, 1, here), so a REQ right after one may still return it.
// - Addressable events (30000-39999): a new one deletes ONE stored event of its author, kind
//   and `d` that is strictly older, and is itself stored whatever its age. So an older one
//   published later is kept beside the newer, and two in the same second are both kept.
//   Readers pick the newest per author and `d` anyway.
// - (its source) Expired events (NIP-40 `expiration`) are deleted by the same garbage collector, not
//   hidden at query time. `expiration` is compared as text (fine while times have 10 digits).
// - (its source) A REQ returns at most `limit` events (default and cap `max_limit`, 6000), newest first;
//   with several filters in one REQ the last filter's limit applies to all of them. At most
//   32 subscriptions per connection ("rejected: too many subscriptions" as a NOTICE).
// - (its source) No rate limits unless `rate_limits` is configured (it is not here), no auth, no proof of
//   work; messages that are not JSON arrays are ignored silently.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { freePort } from './server.mjs';

const VENV = fileURLToPath(new URL('../../tools/relay/.venv/', import.meta.url));
const BIN = join(VENV, 'bin', 'nostr-relay');
/** Content characters an event may carry: the protocol's 16 KB. */
export const MAX_CONTENT = 16_384;

export { freePort };

/** The package's own config.yaml, from the venv. */
async function packageConfig() {
  if (!existsSync(BIN)) throw new Error('no test relay: run scripts/setup --browser (it installs tools/relay/.venv)');
  const lib = join(VENV, 'lib');
  for (const python of await readdir(lib)) {
    const file = join(lib, python, 'site-packages', 'nostr_relay', 'config.yaml');
    if (existsSync(file)) return readFile(file, 'utf8');
  }
  throw new Error(`no nostr_relay/config.yaml under ${lib}`);
}

function configFor(base, { dir, port, gcSeconds }) {
  const replaced = base
    .replace('sqlite+aiosqlite:///nostr.sqlite3', `sqlite+aiosqlite:///${join(dir, 'relay.sqlite3')}`)
    .replace('bind: 127.0.0.1:6969', `bind: 127.0.0.1:${port}`)
    .replace('port: 6969', `port: ${port}`)
    // authentication's valid_urls (authentication stays off)
    .replaceAll(':6969', `:${port}`)
    .replace('loglevel: info', 'loglevel: warning');
  if (replaced.includes('6969') || !replaced.includes(`${dir}/relay.sqlite3`)) {
    throw new Error('nostr-relay config.yaml changed: update relay.mjs');
  }
  // Top-level keys override the class defaults (ConfigClass.load sets each attribute).
  return `${replaced}
# Dicetray's tests (tests/browser/relay.mjs)
max_event_size: ${MAX_CONTENT}
garbage_collector:
  collect_interval: ${gcSeconds}
`;
}

/** Whether the relay answers `["REQ", ...]` with EOSE within `timeout` ms. */
function answersReq(url, timeout) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const done = (ok) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeout);
    socket.on('error', () => done(false));
    socket.on('open', () => socket.send(JSON.stringify(['REQ', 'ready', { kinds: [7237], limit: 1 }])));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message[0] === 'EOSE' && message[1] === 'ready') done(true);
    });
  });
}

/**
 * Starts a relay on 127.0.0.1 (`port`, or a free one) and resolves once it answers a REQ.
 * `gcSeconds`: how often its garbage collector deletes ephemeral and expired events.
 */
export async function startRelay({ port, gcSeconds = 1, readyTimeout = 30_000 } = {}) {
  const base = await packageConfig();
  const relayPort = port ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'dicetray-relay-'));
  const config = join(dir, 'config.yaml');
  try {
    await writeFile(config, configFor(base, { dir, port: relayPort, gcSeconds }));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `ws://127.0.0.1:${relayPort}`;
  let child = null;
  let output = '';

  const relay = {
    url,
    port: relayPort,
    dir,
    /** What the relay printed (its log), for a failing test's message. */
    log: () => output,

    /** Starts it (again, after stop({ keepFiles: true })), resolved once it answers a REQ. */
    async start() {
      if (child) throw new Error('the relay is already running');
      output = '';
      // Its own process group: gunicorn's master and worker stop together.
      const started = spawn(BIN, ['-c', config, 'serve'], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      started.stdout.on('data', (data) => (output += data));
      started.stderr.on('data', (data) => (output += data));
      started.exited = new Promise((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
      const deadline = Date.now() + readyTimeout;
      while (!(await answersReq(url, 1_000))) {
        if (started.exitCode !== null || started.signalCode !== null) {
          child = null;
          throw new Error(`the relay stopped while starting:\n${output}`);
        }
        if (Date.now() > deadline) {
          await relay.stop({ keepFiles: true });
          throw new Error(`the relay did not answer on ${url} in ${readyTimeout} ms:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return relay;
    },

    /** Stops it and waits for its processes to exit; removes its folder unless keepFiles. */
    async stop({ keepFiles = false } = {}) {
      const running = child;
      child = null;
      if (running && running.exitCode === null && running.signalCode === null) {
        const group = -running.pid;
        try {
          process.kill(group, 'SIGTERM');
        } catch {}
        const killed = setTimeout(() => {
          try {
            process.kill(group, 'SIGKILL');
          } catch {}
        }, 5_000);
        await running.exited;
        clearTimeout(killed);
        // The worker may outlive the master by a moment: wait until the port is free.
        const deadline = Date.now() + 5_000;
        while (!(await portFree(relayPort)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!keepFiles) await rm(dir, { recursive: true, force: true });
    },

    /** Stops it and starts it again on the same port with the same SQLite file. */
    async restart() {
      await relay.stop({ keepFiles: true });
      return relay.start();
    },
  };
  try {
    await relay.start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return relay;
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
