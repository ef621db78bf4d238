// A scanned page link: the game the board put in the URL's fragment (fishtable.ui.share.page_link,
// docs/scan.md), the result card's values, and BG Stats' createPlay link built here on the phone
// with every documented field the game has.
export const COLOURS = ["red", "yellow", "blue", "green", "orange", "white", "purple", "cyan"];
export const CSS_COLOURS = { red: "#d62828", yellow: "#e6b914", blue: "#285ad2", green: "#28a046",
  orange: "#f58214", white: "#d8d8d8", purple: "#8c3cc8", cyan: "#14aabe" };
const TITLES = { hifisch: "Hi Fisch!", hecht: "Hecht im Karpfenteich", yofish: "Yo Fish!" };
const BG_LINK = "https://app.bgstatsapp.com/createPlay.html?data=";

// The fragment's fields, or null when it holds no game of a fishtable board.
export function fragmentFields(hash) {
  const text = (hash || "").replace(/^#/, "");
  const fields = {};
  for (const part of text.split("&")) {
    const eq = part.indexOf("=");
    if (eq > 0) fields[part.slice(0, eq)] = decodeURIComponent(part.slice(eq + 1));
  }
  if (fields.v !== "1" || !TITLES[fields.g] || !fields.p) return null;
  return fields;
}

const isGuest = (name) => !name || /^guest[1-9]?$/i.test(name);

// The result: title, date ("2026-12-01T19:05" or null), minutes, start, each seat's label, name
// (null for a guest or an unnamed seat), colour, score, rank, winner; null when it does not add up.
export function result(fields) {
  const scores = fields.p.split(".").map(Number);
  const n = scores.length;
  const names = fields.n ? fields.n.split(".") : null;
  const colours = fields.c ? [...fields.c].map((d) => COLOURS[+d]) : null;
  const ranks = fields.k ? [...fields.k].map(Number) : null;
  const winners = [...(fields.w || "")].map(Number);
  if ((names && names.length !== n) || (colours && colours.length !== n) || (ranks && ranks.length !== n) ||
      scores.some(Number.isNaN)) return null;
  const d = fields.d && /^\d{12}$/.test(fields.d) ? fields.d : null;
  const players = scores.map((score, i) => {
    const name = names && !isGuest(names[i]) ? names[i] : null;
    return { seat: i + 1, label: name || "P" + (i + 1), name, colour: colours ? colours[i] : COLOURS[i % 8],
      score, rank: ranks ? ranks[i] : 1 + scores.filter((s) => s > score).length, winner: winners.includes(i + 1) };
  });
  return {
    game: fields.g, title: TITLES[fields.g],
    date: d ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}` : null,
    played: fields.m !== undefined ? +fields.m : null, start: +(fields.s || 1), id: fields.i || null, players,
    whole: fields.r !== undefined,
  };
}

// BG Stats' playDate: the board's local date as UTC ("2026-12-01 18:05:00"), the phone's time zone
// being the table's.
export function playDate(date) {
  const [y, mo, d, h, mi] = date.split(/[-T:]/).map(Number);
  return new Date(y, mo - 1, d, h, mi).toISOString().slice(0, 19).replace("T", " ");
}

// The play as BG Stats' createPlay JSON object: every documented field the game has.
export function bgStatsPlay(res) {
  const play = { sourceName: "fishtable" };
  if (res.id) play.sourcePlayId = res.id;
  if (res.date) play.playDate = playDate(res.date);
  if (res.played !== null) play.durationMin = res.played;
  play.game = { name: res.title, sourceGameId: res.game, highestWins: true, noPoints: false };
  play.players = res.players.map((p) => {
    const player = { name: p.label };
    if (p.name) player.sourcePlayerId = p.name;
    Object.assign(player, { score: p.score, winner: p.winner, rank: p.rank, startPlayer: p.seat === res.start });
    return player;
  });
  return play;
}

export const bgStatsLink = (res) => BG_LINK + encodeURIComponent(JSON.stringify(bgStatsPlay(res)));
