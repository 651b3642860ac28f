// The GM's scene, live: a GM and three players at 390x844 on the loopback relay. The GM sets
// scene facets in the Highest d6 tray and an obstacle in the Effective Level tray; every
// player's tray rolls with them (the odds checked against a count made here); two players'
// rolls wear the obstacle down, in the same order on every phone; a late joiner sees it all;
// a member's forged scene messages change nothing; a player's own scene is back after
// leaving. Expected values come from the test: names and numbers set here, counts made here,
// and each roller's progress read off their own phone.
import { expect, test } from './fixtures.mjs';
import {
  gmAndPlayers,
  headlineAfter,
  inTray,
  inviteOf,
  joinTable,
  logSheet,
  publishAll,
  sharedRelay,
  tableEvents,
  tableLine,
  tablePhone as makeTablePhone,
} from './table-helpers.mjs';
import { Member } from './table-client.mjs';
import { addSceneFacet, barOdds, openScene, sumLine, tap } from './d6-helpers.mjs';
import { openFold, setNumber } from './el-helpers.mjs';
import { drawn } from './harness.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);
const tablePhone = (phone, relays = [relay.url]) => makeTablePhone(phone, relays);

const facetToggle = (page, name) => page.getByRole('button', { name, exact: true });
const scene = (page) => page.getByRole('region', { name: 'Scene' });
const obstacle = (page, name) => scene(page).getByRole('listitem', { name: `Obstacle ${name}` });
const track = (page, name) => scene(page).getByRole('progressbar', { name: `Progress on ${name}` });

/** The chance that the highest of `n` d6 is a 6 (a success or better), counted over every roll. */
function sixOrBetter(n) {
  let hits = 0;
  let all = 0;
  const roll = (left, best) => {
    if (left === 0) {
      all += 1;
      if (best === 6) hits += 1;
      return;
    }
    for (let face = 1; face <= 6; face += 1) roll(left - 1, Math.max(best, face));
  };
  roll(n, 0);
  return `${((100 * hits) / all).toFixed(1)}%`;
}

/** Opens the log over the tray and returns its entries' text, oldest first. */
async function scenesInLog(page) {
  await tableLine(page).click();
  await expect(logSheet(page)).toBeVisible();
  const texts = await logSheet(page).locator('li').allTextContents();
  await logSheet(page).getByRole('button', { name: 'Close', exact: true }).click();
  return texts.map((t) => t.replace(/\s+/g, ' ')).filter((t) => / to Barred door/.test(t)).reverse();
}

/** Rolls at the obstacle until a roll adds to its track; returns what it added. */
async function wearDown(page, name) {
  for (let i = 0; i < 30; i += 1) {
    const before = Number(await track(page, name).getAttribute('aria-valuenow'));
    await headlineAfter(page, () => tap(page, `Roll at it: ${name}`));
    const said = page.locator('.snackbar');
    await expect(said).toHaveText(new RegExp(`${name} holds|\\+\\d+ to ${name}`));
    const added = /\+(\d+) to/.exec(await said.textContent());
    if (added) {
      await expect(track(page, name)).toHaveAttribute('aria-valuenow', String(before + Number(added[1])));
      return Number(added[1]);
    }
  }
  throw new Error(`no progress on ${name} in 30 rolls`);
}

test("the GM's scene in every player's tray: facets in the odds, an obstacle worn down by two players in order, a late joiner, forgeries, and the player's own scene back after leaving", async ({ phone }) => {
  // Ana has a scene of her own before the table.
  const ana = await tablePhone(phone, []);
  await ana.page.goto('/#/d6');
  await drawn(ana.page);
  await addSceneFacet(ana.page, 'Own fog', true);
  const { gm, players: [ben, cleo], path } = await gmAndPlayers(phone, relay, 'Ben', 'Cleo');
  await joinTable(ana.page, path, 'Ana');

  // The GM sets two facets in the d6 tray.
  await inTray(gm.page, 'd6');
  await addSceneFacet(gm.page, 'High ground');
  await addSceneFacet(gm.page, 'Slick with rain', true);
  await expect(gm.page.getByText('The table\'s scene: what you set here reaches every player\'s tray.')).toBeVisible();

  // Ana's tray rolls with the table's facets, not her own; she cannot change them.
  await inTray(ana.page, 'd6');
  await expect(facetToggle(ana.page, 'High ground (scene, helps)')).toBeVisible();
  await expect(facetToggle(ana.page, 'Slick with rain (scene, hinders)')).toBeVisible();
  await expect(facetToggle(ana.page, 'Own fog (scene, hinders)')).toHaveCount(0);
  await tap(ana.page, 'Add die');
  await facetToggle(ana.page, 'High ground (scene, helps)').click();
  await expect(sumLine(ana.page)).toHaveText('3 base + High ground = 4 dice');
  await expect(barOdds(ana.page)).toHaveText(new RegExp(`Success\\s*${sixOrBetter(4).replace('.', '\\.')}`));
  await facetToggle(ana.page, 'Slick with rain (scene, hinders)').click();
  await expect(sumLine(ana.page)).toHaveText('3 base + High ground − Slick with rain = 3 dice');
  await expect(barOdds(ana.page)).toHaveText(new RegExp(`Success\\s*${sixOrBetter(3).replace('.', '\\.')}`));
  await openScene(ana.page);
  await expect(scene(ana.page)).toContainText('set by the GM');
  await expect(scene(ana.page).getByRole('button', { name: 'Add facet' })).toHaveCount(0);
  await expect(scene(ana.page).getByRole('button', { name: 'End scene' })).toHaveCount(0);

  // The GM sets an obstacle: open the Scene, name, target, EL, Add.
  await inTray(gm.page, 'el');
  await openFold(gm.page, 'Scene');
  await scene(gm.page).getByRole('textbox', { name: 'Obstacle name' }).fill('Barred door');
  await scene(gm.page).getByRole('spinbutton', { name: 'Target' }).fill('40');
  await scene(gm.page).getByRole('spinbutton', { name: "Obstacle's EL" }).fill('0');
  await tap(gm.page, 'Add obstacle');
  await expect(obstacle(gm.page, 'Barred door')).toContainText('0 of 40');

  // Ana, then Ben, wear it down from their own trays.
  for (const p of [ana, ben]) {
    await inTray(p.page, 'el');
    await setNumber(p.page, 'Effective Level', 4);
    await openFold(p.page, 'Scene');
    await expect(obstacle(p.page, 'Barred door')).toContainText('0 of 40');
    await expect(scene(p.page).getByRole('button', { name: 'Add obstacle' })).toHaveCount(0);
  }
  const byAna = await wearDown(ana.page, 'Barred door');
  await expect(track(ben.page, 'Barred door')).toHaveAttribute('aria-valuenow', String(byAna));
  const byBen = await wearDown(ben.page, 'Barred door');
  const total = String(byAna + byBen);
  for (const p of [gm, ana, ben]) {
    if (p === gm) await expect(obstacle(gm.page, 'Barred door')).toContainText(`${total} of 40`);
    await expect(track(p.page, 'Barred door')).toHaveAttribute('aria-valuenow', total);
    expect(await scenesInLog(p.page), 'in the same order on every phone').toEqual([
      expect.stringMatching(new RegExp(`^Ana(?![a-z]).*added ${byAna} to Barred door`)),
      expect.stringMatching(new RegExp(`^Ben(?![a-z]).*added ${byBen} to Barred door`)),
    ]);
  }

  // A late joiner sees the scene as it stands.
  const dan = await tablePhone(phone, []);
  await joinTable(dan.page, path, 'Dan');
  await inTray(dan.page, 'el');
  await openFold(dan.page, 'Scene');
  await expect(track(dan.page, 'Barred door')).toHaveAttribute('aria-valuenow', total);
  await inTray(dan.page, 'd6');
  await expect(facetToggle(dan.page, 'Slick with rain (scene, hinders)')).toBeVisible();

  // A member played by the test forges the GM's scene acts: no phone changes.
  const invite = inviteOf(path);
  const events = await tableEvents(relay, invite);
  const door = events.find((e) => e.body?.what?.scene?.obstacle?.name === 'Barred door').event.id;
  const mallory = new Member(invite).see(events.map((e) => e.event));
  await publishAll(relay, [mallory.say({ joined: { name: 'Mallory' } })]);
  await publishAll(relay, [
    mallory.say({ scene: { facet: { name: 'Forged', helps: true } } }),
    mallory.say({ scene: { obstacle: { name: 'Forged wall', target: 3, el: 0 } } }),
    mallory.say({ scene: { remove: { of: door } } }),
    mallory.say({ scene: { clear: {} } }),
  ]);
  // Cleo's progress after them shows every phone has read them.
  await inTray(cleo.page, 'el');
  await setNumber(cleo.page, 'Effective Level', 4);
  await openFold(cleo.page, 'Scene');
  const byCleo = await wearDown(cleo.page, 'Barred door');
  const after = String(byAna + byBen + byCleo);
  for (const p of [gm, ana, ben]) {
    await expect(track(p.page, 'Barred door')).toHaveAttribute('aria-valuenow', after);
    await expect(obstacle(p.page, 'Forged wall')).toHaveCount(0);
  }
  await ana.page.screenshot({ path: test.info().outputPath('player-table-scene.png') });
  await inTray(ben.page, 'd6');
  await expect(facetToggle(ben.page, 'Forged (scene, helps)')).toHaveCount(0);
  await expect(facetToggle(ben.page, 'High ground (scene, helps)')).toBeVisible();

  // The GM ends the scene: gone on every phone; Undo brings it back as it stood.
  await tap(gm.page, 'End scene');
  await tap(gm.page, 'Yes, end it');
  for (const p of [gm, cleo]) await expect(obstacle(p.page, 'Barred door')).toHaveCount(0);
  await gm.page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
  for (const p of [gm, cleo]) await expect(track(p.page, 'Barred door')).toHaveAttribute('aria-valuenow', after);
  await gm.page.screenshot({ path: test.info().outputPath('gm-table-scene.png') });

  // Ana leaves: her own scene is back, the table's gone from her tray.
  await ana.page.goto('/#/table');
  await ana.page.getByRole('button', { name: 'Leave the table' }).click();
  await ana.page.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(ana.page.getByRole('button', { name: 'Start a table' })).toBeVisible();
  await ana.page.goto('/#/d6');
  await drawn(ana.page);
  await expect(facetToggle(ana.page, 'Own fog (scene, hinders)')).toBeVisible();
  await expect(facetToggle(ana.page, 'High ground (scene, helps)')).toHaveCount(0);
});
