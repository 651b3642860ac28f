// Writes tests/interop/from-js.json: what the Node test client (table-client.mjs) makes for
// the live table, from fixed secrets, ids, keys, nonces and auxiliary randomness, so a Rust
// test can check that src/table reads (and makes) the same bytes. Deterministic: running it
// again writes the same file.
//
//   node tests/browser/make-table-fixtures.mjs           writes the file
//   node tests/browser/make-table-fixtures.mjs --check   fails if the file is not what it writes
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  EXPIRES_AFTER,
  KIND,
  eventId,
  gmOnlyKey,
  makeDevice,
  makeTable,
  message,
  open,
  openGmOnly,
  plaintext,
  serializeEvent,
  signEvent,
  verifyEvent,
} from './table-client.mjs';

const OUT = fileURLToPath(new URL('../interop/from-js.json', import.meta.url));

/** Fixed bytes: SHA-256 of a label (a valid secp256k1 scalar for every label used here). */
const fixed = (label, length = 32) => sha256(utf8ToBytes(`dicetray fixture: ${label}`)).slice(0, length);
const hex = (bytes) => bytesToHex(bytes);

/** 2026-01-01T00:00:00Z: fixtures are old on purpose; a check of freshness skips them. */
const CREATED_AT = 1_767_225_600;

export function fixtures() {
  const gm = makeDevice(fixed('gm secret'));
  const player = makeDevice(fixed('player secret'));
  const table = makeTable({
    id: fixed('table id', 16),
    key: fixed('table key'),
    gm,
    relays: ['ws://127.0.0.1:7447', 'wss://relay.example/nostr'],
  });

  const T = CREATED_AT * 1000;
  // The table's first message: the GM joining (names nothing).
  const rootWhat = { joined: { name: 'Gia' } };
  const rootOptions = { t: T, created_at: CREATED_AT, nonce: fixed('root nonce', 24), aux: fixed('root aux') };
  const root = message(gm, table, rootWhat, rootOptions);
  const rootPlain = plaintext(rootWhat, rootOptions);

  // The player joins, naming the GM's message (`a`).
  const joinWhat = { joined: { name: 'Ann' } };
  const joinOptions = { t: T + 1_000, a: root.id, created_at: CREATED_AT + 1, nonce: fixed('join nonce', 24), aux: fixed('join aux') };
  const join = message(player, table, joinWhat, joinOptions);
  const joinPlain = plaintext(joinWhat, joinOptions);

  // A roll, sealed for the table (t1), by the player, after their joining (`p`).
  const rollWhat = {
    roll: { tray: 'd6', label: 'Hold the "gate" — Ann’s turn', roll: 'Highest d6 · 4 base: 6 5 3 2 → Success' },
  };
  const rollOptions = { t: T + 2_000, p: join.id, a: root.id, created_at: CREATED_AT + 2, nonce: fixed('t1 nonce', 24), aux: fixed('t1 aux') };
  const roll = message(player, table, rollWhat, rollOptions);
  const rollPlain = plaintext(rollWhat, rollOptions);

  // A roll sealed for the GM only (g1), by the player.
  const privateWhat = { roll: { tray: 'narrative', label: 'Sneak', roll: '[7,"secret"]' } };
  const privateOptions = {
    t: T + 3_000,
    p: roll.id,
    a: root.id,
    toGm: true,
    created_at: CREATED_AT + 3,
    nonce: fixed('g1 nonce', 24),
    aux: fixed('g1 aux'),
  };
  const flip = message(player, table, privateWhat, privateOptions);
  const flipPlain = plaintext(privateWhat, { ...privateOptions, to: gm.pubkey });
  const ecdhX = secp256k1.getSharedSecret(player.secret, hexToBytes(`02${gm.pubkey}`), true).slice(1);

  // NIP-01's escaping in the id: content with every kind of character JSON escapes or not.
  const escaping = signEvent(
    player,
    { kind: KIND.MESSAGE, tags: [['t', table.tag]], content: 'quote " backslash \\ newline \n tab \t cr \r bs \b ff \f nul \u0000 us \u001f del \u007f é 😀 </script>', created_at: CREATED_AT },
    { aux: fixed('escaping aux') },
  );

  // Everything checks out here before it is written.
  for (const event of [root, join, roll, flip, escaping]) if (!verifyEvent(event)) throw new Error('a fixture event does not verify');
  if (JSON.stringify(open(table.key, KIND.MESSAGE, player.pubkey, roll.content)) !== JSON.stringify(rollPlain)) throw new Error('t1');
  if (JSON.stringify(openGmOnly(table.key, gm.secret, player.pubkey, KIND.MESSAGE, player.pubkey, flip.content)) !== JSON.stringify(flipPlain)) {
    throw new Error('g1');
  }

  return {
    about:
      'Made by tests/browser/make-table-fixtures.mjs with the Node test client (docs/table-protocol.md) from fixed inputs. ' +
      'Bytes are lowercase hex. created_at is in the past on purpose: check ids, signatures and seals, not freshness. ' +
      'plaintext_json is the exact UTF-8 sealed (keys in the order v, t, p, a, to, what). ' +
      'The events make a table: the GM joins (root), the player joins (join), rolls for the table (t1_roll) and for the GM (g1_roll).',
    invite: {
      code: table.code,
      id: hex(table.id),
      tag: table.tag,
      key: hex(table.key),
      gm: gm.pubkey,
      relays: table.relays,
    },
    gm: { secret: gm.secretHex, pubkey: gm.pubkey },
    player: { secret: player.secretHex, pubkey: player.pubkey },
    root: { what: "the table's first message: the GM joining", plaintext: rootPlain, plaintext_json: JSON.stringify(rootPlain), event: root },
    join: { what: 'the player joining, naming the root', plaintext: joinPlain, plaintext_json: JSON.stringify(joinPlain), event: join },
    t1_roll: {
      what: 'a roll sealed with the table key by the player',
      kind: KIND.MESSAGE,
      author: player.pubkey,
      nonce: hex(rollOptions.nonce),
      aux: hex(rollOptions.aux),
      aad: `dicetray:${KIND.MESSAGE}:${player.pubkey}`,
      expiration: String(CREATED_AT + EXPIRES_AFTER),
      plaintext: rollPlain,
      plaintext_json: JSON.stringify(rollPlain),
      serialized: serializeEvent(roll),
      event: roll,
    },
    g1_roll: {
      what: 'a roll sealed for the GM only by the player',
      kind: KIND.MESSAGE,
      sender_secret: player.secretHex,
      sender_pubkey: player.pubkey,
      gm_secret: gm.secretHex,
      gm_pubkey: gm.pubkey,
      ecdh_x: hex(ecdhX),
      gm_only_key: hex(gmOnlyKey(table.key, player.secret, gm.pubkey)),
      nonce: hex(privateOptions.nonce),
      aux: hex(privateOptions.aux),
      aad: `dicetray:${KIND.MESSAGE}:${player.pubkey}`,
      plaintext: flipPlain,
      plaintext_json: JSON.stringify(flipPlain),
      serialized: serializeEvent(flip),
      event: flip,
    },
    escaping: {
      what: 'a plain (unsealed) event whose content needs JSON escaping: its id is SHA-256 of serialized (serde_json\'s escaping; the test relay, nostr-relay, refuses it: it writes \\u001F in upper case)',
      aux: hex(fixed('escaping aux')),
      serialized: serializeEvent(escaping),
      id: eventId(escaping),
      event: escaping,
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = `${JSON.stringify(fixtures(), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const current = await readFile(OUT, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${OUT} is not what make-table-fixtures.mjs writes: run it`);
      process.exit(1);
    }
    console.log(`${OUT} is up to date`);
  } else {
    await mkdir(new URL('../interop/', import.meta.url), { recursive: true });
    await writeFile(OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
