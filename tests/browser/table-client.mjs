// A Node client for the live table's protocol, version 2 (docs/table-protocol.md), for
// tests: device keys, tables and their invite codes, NIP-01 events signed with BIP-340,
// sealed contents (`t1.` for the table, `g1.` for the GM only), members that keep their own
// chain and clock (`Member`), and a WebSocket client for a relay. It plays the other phones
// at a table (honest or not), and tests/browser/make-table-fixtures.mjs writes what it makes
// to tests/interop/from-js.json so the Rust side can check that both agree.
//
// Every random input (secrets, ids, keys, nonces, auxiliary randomness) can be passed in, so
// a fixture is deterministic; left out, it comes from the crypto RNG.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import WebSocket from 'ws';

export { bytesToHex, hexToBytes };

/** The table's event kind (the protocol has no other). */
export const KIND = { MESSAGE: 7237 };
/** A table message (7237) expires this long after its created_at (NIP-40). */
export const EXPIRES_AFTER = 7 * 24 * 60 * 60;
export const INVITE_VERSION = 2;
/** How far a message's `t` may run ahead of what it names (ms). */
export const LEAP_MS = 24 * 60 * 60 * 1000;
export const MAX_RELAYS = 8;
export const MAX_RELAY_BYTES = 200;

const bytes = (value, length, what) => {
  const out = typeof value === 'string' ? hexToBytes(value) : value;
  if (!(out instanceof Uint8Array) || (length !== undefined && out.length !== length)) {
    throw new Error(`${what}: ${length} bytes wanted`);
  }
  return out;
};

export function base64url(data) {
  return Buffer.from(data).toString('base64url');
}

export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url without padding');
  return new Uint8Array(Buffer.from(text, 'base64url'));
}

/** Seconds since the epoch, as `created_at` wants. */
export const now = () => Math.floor(Date.now() / 1000);

/**
 * A device's key for one table: `secret` (32 bytes, a valid scalar), `secretHex`, and
 * `pubkey`, its BIP-340 x-only public key in lowercase hex (its identity at the table).
 */
export function makeDevice(secret = schnorr.utils.randomSecretKey()) {
  const key = bytes(secret, 32, 'device secret');
  return { secret: key, secretHex: bytesToHex(key), pubkey: bytesToHex(schnorr.getPublicKey(key)) };
}

/** The invite code: base64url without padding of 0x02 | id | key | gm | relays joined by \n. */
export function inviteCode({ id, key, gm, relays = [] }) {
  if (relays.length > MAX_RELAYS) throw new Error(`at most ${MAX_RELAYS} relays`);
  const urls = relays.map((url) => utf8ToBytes(url));
  if (urls.some((url) => url.length > MAX_RELAY_BYTES)) throw new Error(`a relay URL over ${MAX_RELAY_BYTES} bytes`);
  return base64url(
    concatBytes(
      Uint8Array.of(INVITE_VERSION),
      bytes(id, 16, 'table id'),
      bytes(key, 32, 'table key'),
      bytes(gm, 32, 'GM public key'),
      utf8ToBytes(relays.join('\n')),
    ),
  );
}

/** Reads an invite code back: `{ id, tag, key, gm (hex), relays }`; throws on anything else. */
export function readInvite(code) {
  const raw = fromBase64url(code);
  // Version 3: a table the GM moved to later keys (removing players) carries them too.
  const keyed = raw[0] === INVITE_VERSION + 1;
  if (raw.length < 81 || (raw[0] !== INVITE_VERSION && !keyed)) throw new Error(`not an invite of version ${INVITE_VERSION} or ${INVITE_VERSION + 1}`);
  const id = raw.slice(1, 17);
  const count = keyed ? raw[81] : 0;
  const later = [];
  for (let i = 0; i < count; i++) later.push(raw.slice(82 + i * 32, 114 + i * 32));
  const start = keyed ? 82 + count * 32 : 81;
  const text = new TextDecoder('utf-8', { fatal: true }).decode(raw.slice(start));
  const relays = text === '' ? [] : text.split('\n');
  return { id, tag: bytesToHex(id), key: raw.slice(17, 49), gm: bytesToHex(raw.slice(49, 81)), later, relays };
}

/**
 * A new table: `{ id, tag, key, gm (the GM's device), relays, code }`. `id`, `key` and
 * `gm` (a device, or its secret) may be given for a deterministic table.
 */
export function makeTable({ relays = [], id = randomBytes(16), key = randomBytes(32), gm = makeDevice() } = {}) {
  const gmDevice = gm.pubkey ? gm : makeDevice(gm);
  const table = { id: bytes(id, 16, 'table id'), key: bytes(key, 32, 'table key'), gm: gmDevice, relays: [...relays] };
  table.tag = bytesToHex(table.id);
  table.code = inviteCode({ id: table.id, key: table.key, gm: table.gm.pubkey, relays });
  return table;
}

/** The JSON NIP-01 hashes: compact, JSON.stringify's escaping, which is serde_json's. */
export function serializeEvent({ pubkey, created_at, kind, tags, content }) {
  return JSON.stringify([0, pubkey, created_at, kind, tags, content]);
}

export function eventId(event) {
  return bytesToHex(sha256(utf8ToBytes(serializeEvent(event))));
}

/**
 * A signed NIP-01 event by `device`. `aux` (32 bytes) fixes BIP-340's auxiliary randomness
 * for a deterministic signature.
 */
export function signEvent(device, { kind, tags = [], content = '', created_at = now() }, { aux = randomBytes(32) } = {}) {
  const event = { pubkey: device.pubkey, created_at, kind, tags, content };
  const id = eventId(event);
  const sig = bytesToHex(schnorr.sign(hexToBytes(id), device.secret, bytes(aux, 32, 'aux')));
  return { id, ...event, sig };
}

/** Whether the event's id and signature hold. */
export function verifyEvent(event) {
  try {
    return eventId(event) === event.id && schnorr.verify(hexToBytes(event.sig), hexToBytes(event.id), hexToBytes(event.pubkey));
  } catch {
    return false;
  }
}

/** The associated data of a sealed content: `dicetray:<kind>:<pubkey hex>`. */
export const sealAad = (kind, pubkeyHex) => utf8ToBytes(`dicetray:${kind}:${pubkeyHex}`);

function sealWith(prefix, key, kind, pubkeyHex, plaintext, nonce) {
  const iv = bytes(nonce, 24, 'nonce');
  const json = typeof plaintext === 'string' ? plaintext : JSON.stringify(plaintext);
  const sealed = xchacha20poly1305(key, iv, sealAad(kind, pubkeyHex)).encrypt(utf8ToBytes(json));
  return prefix + base64url(concatBytes(iv, sealed));
}

function openWith(prefix, key, kind, pubkeyHex, content) {
  if (!content.startsWith(prefix)) throw new Error(`not a ${prefix} content`);
  const raw = fromBase64url(content.slice(prefix.length));
  if (raw.length < 24 + 16) throw new Error('too short');
  const plain = xchacha20poly1305(key, raw.slice(0, 24), sealAad(kind, pubkeyHex)).decrypt(raw.slice(24));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
}

/**
 * Seals `plaintext` (an object, written as JSON, or a string as is) with the table key:
 * `"t1." + base64url(nonce | ciphertext | tag)`, XChaCha20-Poly1305, AAD
 * `dicetray:<kind>:<pubkey>`. `nonce` (24 bytes) fixes it for a fixture.
 */
export function seal(tableKey, kind, pubkeyHex, plaintext, { nonce = randomBytes(24) } = {}) {
  return sealWith('t1.', bytes(tableKey, 32, 'table key'), kind, pubkeyHex, plaintext, nonce);
}

/** Opens a `t1.` content; throws when it does not open (another key, kind or author). */
export function open(tableKey, kind, pubkeyHex, content) {
  return openWith('t1.', bytes(tableKey, 32, 'table key'), kind, pubkeyHex, content);
}

/**
 * The key of a GM-only content between a device's secret and the other side's x-only public
 * key: SHA-256("dicetray gm-only" | table key | X), X the x coordinate of
 * secret * lift_x(pubkey) (even y). Both sides get the same key.
 */
export function gmOnlyKey(tableKey, secret, otherPubHex) {
  const shared = secp256k1.getSharedSecret(bytes(secret, 32, 'secret'), hexToBytes(`02${otherPubHex}`), true);
  return sha256(concatBytes(utf8ToBytes('dicetray gm-only'), bytes(tableKey, 32, 'table key'), shared.slice(1)));
}

/** Seals for the GM only: `"g1." + ...`, AAD with the sender's (the author's) pubkey. */
export function sealForGm(tableKey, senderSecret, gmPubHex, kind, senderPubHex, plaintext, { nonce = randomBytes(24) } = {}) {
  return sealWith('g1.', gmOnlyKey(tableKey, senderSecret, gmPubHex), kind, senderPubHex, plaintext, nonce);
}

/**
 * Opens a `g1.` content: by the GM with `(gm secret, sender pubkey)`, or by the sender with
 * `(sender secret, gm pubkey)`. `authorPubHex` is the event's author (the AAD).
 */
export function openGmOnly(tableKey, mySecret, otherPubHex, kind, authorPubHex, content) {
  return openWith('g1.', gmOnlyKey(tableKey, mySecret, otherPubHex), kind, authorPubHex, content);
}

/**
 * The plaintext of a message: `{"v":2,"t":t,"p":p,"a":a,"what":what}`, and `"to"` (the GM's
 * key) on one sealed for the GM.
 */
export const plaintext = (what, { t = Date.now(), p = '', a = '', to = '', v = 2 } = {}) =>
  to ? { v, t, p, a, to, what } : { v, t, p, a, what };

/**
 * A full signed event of `table` by `device`, as the doc says: `what` sealed in the
 * plaintext (`t1.`, or `g1.` with `toGm`: sealed for `gm`, the table's GM by default), tags
 * `["t", tag]`, then `["expiration", ...]` on a roll or change, `["j", "in"]` on a joining. Options: `t`, `p`, `a`, `toGm`, `gm` (a key in
 * hex), `created_at`, `kind` (7237), and for fixtures `nonce`, `aux`, `v`; `content`
 * replaces the sealed one.
 */
export function message(device, table, what, options = {}) {
  const { kind = KIND.MESSAGE, toGm = false, created_at = now(), v = 2 } = options;
  const gm = options.gm ?? table.gm.pubkey ?? table.gm;
  // Rolls and their changes expire (NIP-40); a joining is tagged to be found on its own.
  const tags = [['t', table.tag]];
  if (what.roll || what.amend) tags.push(['expiration', String(created_at + EXPIRES_AFTER)]);
  if (what.joined && !toGm) tags.push(['j', 'in']);
  const body = plaintext(what, { t: options.t ?? created_at * 1000, p: options.p ?? '', a: options.a ?? '', to: toGm ? gm : '', v });
  const seal_ = { nonce: options.nonce ?? randomBytes(24) };
  const content =
    options.content ??
    (toGm ? sealForGm(table.key, device.secret, gm, kind, device.pubkey, body, seal_) : seal(table.key, kind, device.pubkey, body, seal_));
  return signEvent(device, { kind, tags, content, created_at }, { aux: options.aux ?? randomBytes(32) });
}

/**
 * One member of a table played from Node: its own chain (`p`), the latest message by
 * another it has seen (`a`) and its clock (`t`), as a phone keeps them. `see(events)` takes
 * the table's events (opening what it can), `say(what, options)` signs the next message.
 */
export class Member {
  constructor(table, device = makeDevice()) {
    this.table = table;
    this.device = device;
    this.pubkey = device.pubkey;
    this.last = null; // { id, t } of my last message sealed for the table
    this.latest = null; // { id, t } of the latest by someone else
    this.clock = 0;
  }

  /** Takes events of the table: the latest by someone else, by (t, author, id). */
  see(events) {
    for (const event of events) {
      if (!event.content?.startsWith('t1.')) continue;
      let body;
      try {
        body = open(this.table.key, event.kind, event.pubkey, event.content);
      } catch {
        continue;
      }
      if (typeof body?.t !== 'number') continue;
      this.clock = Math.max(this.clock, body.t);
      if (event.pubkey === this.pubkey) continue;
      const key = [body.t, event.pubkey, event.id];
      const newer = !this.latest || key[0] > this.latest.t || (key[0] === this.latest.t && (key[1] + key[2]) > (this.latest.author + this.latest.id));
      if (newer) this.latest = { id: event.id, t: body.t, author: event.pubkey };
    }
    return this;
  }

  /**
   * The next message: `t` after everything seen (or `options.t`), `p` my last, `a` the
   * latest by another (both overridable, to forge).
   */
  say(what, options = {}) {
    // On time (docs/table-protocol.md): after what it names, at most a day beyond it.
    const named = Math.max(this.last?.t ?? 0, this.latest?.t ?? 0);
    const wanted = Math.max(Date.now(), this.clock + 1, (this.last?.t ?? 0) + 1);
    const t = options.t ?? (named ? Math.min(wanted, named + LEAP_MS) : wanted);
    const p = options.p ?? this.last?.id ?? '';
    const a = options.a ?? this.latest?.id ?? '';
    const event = message(this.device, this.table, what, { ...options, t, p, a });
    if (!options.toGm && options.keep !== false) this.last = { id: event.id, t };
    this.clock = Math.max(this.clock, t);
    return event;
  }
}

/**
 * One WebSocket to a relay. `received` keeps every message in order, `notices` the NOTICE
 * texts. `publish` waits for the relay's OK for that event; `subscribe` streams events.
 */
export class RelayClient {
  static async connect(url, { timeout = 10_000 } = {}) {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no connection to ${url} in ${timeout} ms`)), timeout);
      socket.once('open', () => (clearTimeout(timer), resolve()));
      socket.once('error', (error) => (clearTimeout(timer), reject(error)));
    });
    return new RelayClient(url, socket);
  }

  constructor(url, socket) {
    this.url = url;
    this.socket = socket;
    this.received = [];
    this.notices = [];
    /** Publishes waiting for their OK, in the order sent. */
    this.pending = [];
    this.subs = new Map();
    this.serial = 0;
    this.closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('message', (data) => this.#receive(String(data)));
    socket.on('close', () => {
      for (const waiting of this.pending.splice(0)) waiting.reject(new Error('the relay closed the connection'));
      for (const sub of this.subs.values()) sub.end();
    });
  }

  #receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      this.received.push(text);
      return;
    }
    this.received.push(message);
    const [type, ...rest] = Array.isArray(message) ? message : [];
    if (type === 'OK') {
      const [id, accepted, text_ = ''] = rest;
      // nostr-relay answers a refused event with an empty id (relay.mjs): it answers in
      // order, so an OK without a known id is the oldest publish still waiting.
      let at = this.pending.findIndex((waiting) => waiting.id === id);
      if (at < 0 && !id) at = 0;
      if (at >= 0 && this.pending.length) {
        const [waiting] = this.pending.splice(at, 1);
        waiting.resolve({ accepted: accepted === true, message: text_, id });
      }
    } else if (type === 'NOTICE') {
      this.notices.push(rest[0]);
    } else if (type === 'EVENT' || type === 'EOSE' || type === 'CLOSED') {
      this.subs.get(rest[0])?.push(type, rest[1]);
    }
  }

  /** Sends `["EVENT", event]` and resolves with `{ accepted, message }` from its OK. */
  publish(event, { timeout = 30_000 } = {}) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = this.pending.filter((waiting) => waiting.id !== event.id);
        reject(new Error(`no OK from ${this.url} for ${event.id} in ${timeout} ms`));
      }, timeout);
      this.pending.push({
        id: event.id,
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.socket.send(JSON.stringify(['EVENT', event]));
    });
  }

  /**
   * Sends `["REQ", id, ...filters]` (`filters` one filter or an array). The subscription is
   * an async iterable of the events as they come (stored ones, then live ones), with
   * `stored()`: a promise of the stored events, resolved at EOSE; `next({timeout})`: the next
   * event, or null at the timeout; `close()`: sends CLOSE.
   */
  subscribe(filters, { id = `sub${++this.serial}` } = {}) {
    const list = Array.isArray(filters) ? filters : [filters];
    const sub = new Subscription(this, id);
    this.subs.set(id, sub);
    this.socket.send(JSON.stringify(['REQ', id, ...list]));
    return sub;
  }

  /** The stored events matching `filters`: REQ, wait for EOSE, CLOSE. */
  async query(filters, options = {}) {
    const sub = this.subscribe(filters);
    try {
      return await sub.stored(options);
    } finally {
      sub.close();
    }
  }

  /** Sends raw text, as a broken or hostile client would. */
  send(rawText) {
    this.socket.send(rawText);
  }

  async close() {
    if (this.socket.readyState !== WebSocket.CLOSED) {
      this.socket.close();
      await this.closed;
    }
  }
}

class Subscription {
  constructor(client, id) {
    this.client = client;
    this.id = id;
    this.events = [];
    this.queue = [];
    this.waiters = [];
    this.ended = false;
    this.closedBy = null;
    this.eose = new Promise((resolve) => (this.atEose = resolve));
  }

  push(type, payload) {
    if (type === 'EOSE') {
      this.atEose([...this.events]);
      return;
    }
    if (type === 'CLOSED') {
      this.closedBy = payload ?? '';
      this.atEose([...this.events]);
      this.end();
      return;
    }
    this.events.push(payload);
    const waiter = this.waiters.shift();
    if (waiter) waiter(payload);
    else this.queue.push(payload);
  }

  end() {
    this.ended = true;
    for (const waiter of this.waiters.splice(0)) waiter(null);
  }

  /** The stored events, at EOSE; rejects at the timeout. */
  stored({ timeout = 30_000 } = {}) {
    let timer;
    return Promise.race([
      this.eose.finally(() => clearTimeout(timer)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no EOSE for ${this.id} in ${timeout} ms`)), timeout);
      }),
    ]);
  }

  /** The next event not yet taken, or null when none comes before the timeout. */
  next({ timeout = 10_000 } = {}) {
    if (this.queue.length) return Promise.resolve(this.queue.shift());
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== take);
        resolve(null);
      }, timeout);
      const take = (event) => (clearTimeout(timer), resolve(event));
      this.waiters.push(take);
    });
  }

  /** Waits for the first event (stored or live) that `predicate` accepts. */
  async find(predicate, { timeout = 10_000 } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      const event = await this.next({ timeout: left });
      if (event === null) return null;
      if (predicate(event)) return event;
    }
  }

  async *[Symbol.asyncIterator]() {
    for (;;) {
      const event = await this.next({ timeout: 2 ** 31 - 1 });
      if (event === null) return;
      yield event;
    }
  }

  close() {
    this.client.subs.delete(this.id);
    this.end();
    if (this.client.socket.readyState === WebSocket.OPEN) this.client.socket.send(JSON.stringify(['CLOSE', this.id]));
  }
}
