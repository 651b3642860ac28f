// The GM's requests for rolls: a GM and three players at 390x844 on the loopback relay. The GM
// asks from a tray's Share (one player, or everyone, with the tray's side); each asked phone
// shows the request in its tray's corner; one tap opens the tray with the side taken and the
// label set, Roll answers it; the GM's corner gathers the answers. Expected values come from
// the test: names, labels and dice set here, and each player's headline read off their own
// dock after their roll.
import { expect, test } from './fixtures.mjs';
import {
  corner,
  gmAndPlayers,
  headlineAfter,
  inTray,
  inviteOf,
  poolCount,
  joinTable,
  logSheet,
  publishAll,
  setPool,
  sharedRelay,
  tableEvents,
  tableLine,
  tablePhone as makeTablePhone,
} from './table-helpers.mjs';
import { Member } from './table-client.mjs';
import { dock, labelField, notation as poolNotation, rollButton, tap } from './narrative-helpers.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);
const tablePhone = (phone, relays = [relay.url]) => makeTablePhone(phone, relays);

/** Gemma starts a table; each name after joins by its link, in order. */
const table = (phone, ...names) => gmAndPlayers(phone, relay, ...names);

/** The GM asks, from the tray's Share, for a roll with the tray's side. */
async function ask(page, label, { who = 'Everyone', toGm = false } = {}) {
  const share = page.getByText('Share', { exact: true });
  if (!(await page.getByRole('button', { name: 'Ask for a roll' }).isVisible())) await share.click();
  await page.getByRole('button', { name: 'Ask for a roll' }).click();
  await page.getByRole('textbox', { name: 'What the roll is for' }).fill(label);
  await page.getByRole('combobox', { name: 'Who rolls' }).selectOption({ label: who });
  if (toGm) await page.getByRole('switch', { name: /Answers to me only/ }).click();
  await expect(page.locator('.ask-form')).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath(`ask-${label}.png`) });
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

/**
 * A request asking a player: in their tray's corner (the oldest not yet answered), and in
 * full in the sheet over the tray (every request asking them).
 */
const asked = (page, label) => corner(page).getByRole('group', { name: `The GM asks: ${label}` });
const inSheet = (page, label) => logSheet(page).getByRole('group', { name: `The GM asks: ${label}` });
/** A request as the GM sees it gathered, in the sheet the corner's line opens. */
const gathered = (page, label) => logSheet(page).getByRole('group', { name: `Request: ${label}` });

/** Opens the sheet over the tray (from the corner's requests line, or the table's line). */
async function openSheet(page) {
  const line = corner(page).getByRole('button', { name: /^Requests: / });
  await ((await line.count()) ? line : corner(page).getByRole('button', { name: /^Table · / })).click();
  await expect(logSheet(page)).toBeVisible();
}
async function closeSheet(page) {
  await logSheet(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(logSheet(page)).toBeHidden();
}

/** What the GM sees of a request: each answer line, read in the sheet and closed again. */
async function gmSees(page, label, lines) {
  await openSheet(page);
  await expect(answerLines(page, label)).toHaveText(lines);
  await closeSheet(page);
}

/**
 * Answers a request as a player does: one tap on it (in the corner, or with `again` in the
 * sheet, which closes over the tray), one on Roll; the headline rolled.
 */
async function answer(page, label, { again = false } = {}) {
  return headlineAfter(page, async () => {
    if (again) await openSheet(page);
    await (again ? inSheet : asked)(page, label).getByRole('button', { name: `Answer the GM's request: ${label}` }).click();
    await expect(logSheet(page)).toBeHidden();
    await expect(labelField(page)).toHaveValue(label);
    await rollButton(page).click();
  });
}

/** Each answer line of a gathered request: "Ana Success", "Ben waiting". */
const answerLines = (page, label) => gathered(page, label).locator('.ask-answers .ask-answer');
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One answer line: the name, then the headline or "waiting", then any marks. */
const line = (name, result = 'waiting', mark = '') => new RegExp(`^${name}\\s*${escaped(result)}\\s*${mark}$`);

test('a request to one player and to everyone, answered from the trays in two taps, gathered on the GM; a late joiner sees it; a forged request changes nothing', async ({ phone }) => {
  const { gm, players: [ana, ben, cleo], path } = await table(phone, 'Ana', 'Ben', 'Cleo');
  for (const p of [ana, ben, cleo]) await inTray(p.page, 'narrative');
  await inTray(gm.page, 'narrative');
  // Ben's rolls otherwise go nowhere: an answer goes all the same.
  await corner(ben.page).getByRole('combobox', { name: 'My rolls go' }).selectOption('nobody');
  // Ana keeps her own dice: two ability.
  await tap(ana.page, 'Add ability die', 2);

  // The GM sets two difficulty dice and asks Ana alone.
  await tap(gm.page, 'Add difficulty die', 2);
  await ask(gm.page, 'Perception', { who: 'Ana' });
  const card = asked(ana.page, 'Perception');
  await expect(card).toContainText('2 difficulty');
  await expect(card).toContainText('Your answer goes to the table.');
  await expect(card).toBeInViewport();
  for (const p of [ben, cleo]) await expect(asked(p.page, 'Perception')).toHaveCount(0);
  await expect(corner(gm.page).getByRole('button', { name: /^Requests: / })).toContainText('Perception 0 of 1');
  await gmSees(gm.page, 'Perception', [line('Ana')]);

  // Two taps: the request, then Roll. Her dice kept, the GM's added, the label set.
  const anaRolled = await answer(ana.page, 'Perception');
  await expect(poolNotation(ana.page)).toHaveText('2g2p');
  await expect(ana.page.locator('.gm-side')).toContainText('difficulty');
  await gmSees(gm.page, 'Perception', [line('Ana', anaRolled)]);
  // Answered, it leaves her corner (the sheet keeps it, with her answer) and her label.
  await expect(card).toHaveCount(0);
  await expect(labelField(ana.page)).toHaveValue('');
  await openSheet(ana.page);
  await expect(inSheet(ana.page, 'Perception')).toContainText(`You answered: ${anaRolled}.`);
  await expect(inSheet(ana.page, 'Perception').getByRole('button', { name: "Answer the GM's request: Perception" })).toHaveText('Answer again');
  await closeSheet(ana.page);

  // Everyone: each player asked, the GM not.
  await ask(gm.page, 'Initiative');
  for (const p of [ana, ben, cleo]) await expect(asked(p.page, 'Initiative')).toBeVisible();
  await expect(asked(gm.page, 'Initiative')).toHaveCount(0);
  await gmSees(gm.page, 'Initiative', [line('Ana'), line('Ben'), line('Cleo')]);
  const benRolled = await answer(ben.page, 'Initiative');
  await gmSees(gm.page, 'Initiative', [line('Ana'), line('Ben', benRolled), line('Cleo')]);
  await expect(corner(gm.page).getByRole('button', { name: /^Requests: / })).toContainText('Initiative 1 of 3');
  // Ben's answer is on every phone's log, though his rolls go nowhere.
  await openSheet(cleo.page);
  await expect(logSheet(cleo.page).locator('[data-kind="roll"]').filter({ hasText: 'answers: Initiative' })).toHaveCount(1);
  await closeSheet(cleo.page);

  // A late joiner sees the open request, and the GM sees her waiting.
  const dan = await tablePhone(phone, []);
  await joinTable(dan.page, path, 'Dan');
  await inTray(dan.page, 'narrative');
  await expect(asked(dan.page, 'Initiative')).toBeVisible();
  await expect(asked(dan.page, 'Perception')).toHaveCount(0);
  await gmSees(gm.page, 'Initiative', [line('Ana'), line('Ben', benRolled), line('Cleo'), line('Dan')]);

  // A member played by the test forges a request and a close: no phone changes.
  const invite = inviteOf(path);
  const events = await tableEvents(relay, invite);
  const initiative = events.find((e) => e.body?.what?.ask?.label === 'Initiative').event.id;
  const mallory = new Member(invite).see(events.map((e) => e.event));
  await publishAll(relay, [mallory.say({ joined: { name: 'Mallory' } })]);
  await gmSees(gm.page, 'Initiative', [line('Ana'), line('Ben', benRolled), line('Cleo'), line('Dan'), line('Mallory')]);
  await publishAll(relay, [
    mallory.say({ ask: { tray: 'narrative', label: 'Forged', challenge: '9p', who: [] } }),
    mallory.say({ close: { of: initiative } }),
  ]);
  // A roll after them shows every phone has read them.
  const cleoRolled = await answer(cleo.page, 'Initiative');
  await ana.page.screenshot({ path: test.info().outputPath('player-asked.png') });
  // Ben and Cleo, with Initiative answered, would be asked the forged one next.
  for (const p of [ben, cleo]) await expect(corner(p.page).getByRole('group', { name: /^The GM asks/ })).toHaveCount(0);
  await openSheet(gm.page);
  await expect(logSheet(gm.page).getByRole('group', { name: /^Request: / })).toHaveCount(2);
  await expect(answerLines(gm.page, 'Initiative')).toHaveText([line('Ana'), line('Ben', benRolled), line('Cleo', cleoRolled), line('Dan'), line('Mallory')]);
  await gm.page.screenshot({ path: test.info().outputPath('gm-gathered.png') });
  for (const p of [ana, dan]) await expect(asked(p.page, 'Initiative')).toBeVisible();

  // The GM closes Perception: gone from the GM's sheet and Ana's.
  await gathered(gm.page, 'Perception').getByRole('button', { name: 'Close the request: Perception' }).click();
  await expect(gathered(gm.page, 'Perception')).toHaveCount(0);
  await closeSheet(gm.page);
  await openSheet(ana.page);
  await expect(inSheet(ana.page, 'Perception')).toHaveCount(0);
  await expect(inSheet(ana.page, 'Initiative')).toBeVisible();
  await closeSheet(ana.page);
});

test("answers for the GM alone reach only the GM; answering again replaces the first, marked", async ({ phone }) => {
  const { gm, players: [ana, ben] } = await table(phone, 'Ana', 'Ben');
  for (const p of [ana, ben, gm]) await inTray(p.page, 'narrative');
  await tap(gm.page, 'Add difficulty die', 1);
  await ask(gm.page, 'Stealth', { who: 'Ana', toGm: true });
  await expect(asked(ana.page, 'Stealth')).toContainText('Your answer goes to the GM only.');
  const first = await answer(ana.page, 'Stealth');
  await gmSees(gm.page, 'Stealth', [line('Ana', first)]);
  // Ben's phone shows nothing of it.
  await expect(tableLine(ben.page)).toBeVisible();
  await expect(corner(ben.page).locator('.table-last')).toHaveCount(0);
  // Answered again, from the sheet: the newest stands, marked.
  const second = await answer(ana.page, 'Stealth', { again: true });
  await gmSees(gm.page, 'Stealth', [line('Ana', second, 'answered again')]);
  await expect(corner(ben.page).locator('.table-last')).toHaveCount(0);
  // The roll was marked for the GM alone on her result.
  await expect(dock(ana.page).locator('.sent-to-gm')).toBeVisible();
});

test("the GM's dark point on a player's check upgrades the side that player's tray has taken, on both phones, once", async ({ phone }) => {
  const { gm, players: [ana] } = await table(phone, 'Ana');
  await setPool(gm.page, 1, 2);
  for (const p of [ana, gm]) await inTray(p.page, 'narrative');
  await tap(gm.page, 'Add difficulty die', 2);
  await ask(gm.page, 'Vigilance', { who: 'Ana' });
  // Ana takes the request: the GM's two difficulty dice in her tray.
  await asked(ana.page, 'Vigilance').getByRole('button', { name: "Answer the GM's request: Vigilance" }).click();
  await expect(poolNotation(ana.page)).toHaveText('2p');
  // The GM spends a dark point on her check, from the gathered request.
  await openSheet(gm.page);
  const spend = gathered(gm.page, 'Vigilance').getByRole('button', { name: "Spend a dark point on Ana's check" });
  await spend.click();
  await expect(answerLines(gm.page, 'Vigilance')).toHaveText([line('Ana', 'waiting', 'dark point')]);
  await expect(spend).toHaveCount(0);
  await closeSheet(gm.page);
  // On Ana's phone: her tray's side is upgraded, one difficulty die now a challenge die.
  await expect(asked(ana.page, 'Vigilance')).toContainText('The GM spent a dark point on your check.');
  await expect(asked(ana.page, 'Vigilance')).toContainText('1 difficulty, 1 challenge');
  await expect(ana.page.locator('.gm-side')).toContainText('challenge');
  await expect(poolNotation(ana.page)).toHaveText('1p1r');
  // Her roll answers with the upgraded side.
  const rolled = await headlineAfter(ana.page, () => rollButton(ana.page).click());
  await gmSees(gm.page, 'Vigilance', [line('Ana', rolled, 'dark point')]);
  await ana.page.screenshot({ path: test.info().outputPath('dark-point-player.png') });
  // One point moved, on every phone.
  for (const p of [gm, ana]) {
    await p.page.goto('/#/table');
    await expect(poolCount(p.page)).toContainText('2 light, 1 dark');
  }
});
