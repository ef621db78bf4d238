// The page's own words (its buttons, cards and messages; the panel is the board's) in English,
// as index.html and app.js write them, and in German.  The language is chosen once the page's
// flash is open: the board's own setting (`language=` in its settings file, as the board saves
// it), else the browser's (navigator.language "de..."); ?lang=en|de overrides both (tests).
const DE = {
  // index.html (elements marked data-t: their text or markup; aria-label attributes)
  "the scanned game": "das gescannte Spiel",
  "Log in BG Stats": "In BG Stats eintragen",
  "Keep": "Übernehmen",
  "Download .fish": ".fish herunterladen",
  "the device": "das Gerät",
  "LED ring": "LED-Ring",
  "OLED display": "OLED-Anzeige",
  "previous": "vorige",
  "next": "nächste",
  "OK (hold for Back)": "OK (halten für Zurück)",
  "PREV": "VORIGE",
  "NEXT": "NÄCHSTE",
  "hold = Back": "halten = Zurück",
  "Starting the board\u2026": "Das Gerät startet\u2026",
  "the stored board": "der Gerätespeicher",
  "Reset the stored board\u2026": "Gerätespeicher zurücksetzen\u2026",
  "A reset removes every game, player and setting this page keeps, and the board starts afresh. Keep a copy of what it removes first:":
    "Das Zurücksetzen löscht alle Spiele, Spieler und Einstellungen, die diese Seite speichert, und das Gerät" +
    " startet neu. Sichere vorher eine Kopie davon:",
  "Download the stored board": "Gerätespeicher herunterladen",
  "Remove it and restart": "Löschen und neu starten",
  "history": "Verlauf",
  "Finished games": "Beendete Spiele",
  "Summary": "Übersicht",
  "Import\u2026": "Importieren\u2026",
  "About this page": "Über diese Seite",
  "The fishtable firmware, unchanged, on the MicroPython WebAssembly VM: the real SSD1306 driver's bytes decoded into the panel above, the NeoPixel ring, three buttons. Keys: arrows = PREV/NEXT, Enter = OK, Backspace = Back. Games are kept in this browser's storage, so closing the tab mid-game loses nothing. Import takes <code>.fish</code> game records (into the history) or a roster file.":
    "Die fishtable-Firmware, unverändert, in der MicroPython-WebAssembly-VM: Die Bytes des echten" +
    " SSD1306-Treibers ergeben die Anzeige oben, dazu der NeoPixel-Ring und drei Tasten. Tastatur:" +
    " Pfeiltasten = VORIGE/NÄCHSTE, Enter = OK, Rücktaste = Zurück. Die Spiele bleiben im Speicher" +
    " dieses Browsers; wer den Tab mitten im Spiel schließt, verliert nichts. Importieren nimmt" +
    " <code>.fish</code>-Spielaufzeichnungen (in den Verlauf) oder eine Spielerliste.",
  // what the stored board holds that the board cannot use (storage.js, vm-worker.js, flashcheck.py)
  "not a path of the board's flash": "kein Pfad im Speicher des Geräts",
  "not a file or folder": "weder Datei noch Ordner",
  "larger than the board's whole flash": "größer als der ganze Speicher des Geräts",
  "left out: a file and a folder in the same place": "ausgelassen: eine Datei und ein Ordner am selben Ort",
  "a folder where the history's index must be": "ein Ordner, wo das Verzeichnis des Verlaufs sein muss",
  "damaged: not whole records (games it does not list are not shown)":
    "beschädigt: keine ganzen Aufzeichnungen (Spiele, die es nicht nennt, werden nicht gezeigt)",
  "games the history's index does not list (not shown)":
    "Spiele, die das Verzeichnis des Verlaufs nicht nennt (nicht gezeigt)",
  "a file where the board's data folder must be": "eine Datei, wo der Datenordner des Geräts sein muss",
  "a file where a folder must be": "eine Datei, wo ein Ordner sein muss",
  "a folder where a file must be": "ein Ordner, wo eine Datei sein muss",
  "a folder where a game must be": "ein Ordner, wo ein Spiel sein muss",
  "damaged: the board does not use it (its backup or the defaults)":
    "beschädigt: Das Gerät nutzt sie nicht (sondern die Sicherung oder die Vorgaben)",
  "damaged: the board does not use it (its backup, else no names)":
    "beschädigt: Das Gerät nutzt sie nicht (sondern die Sicherung, sonst keine Namen)",
  "damaged: the board does not use it (counted again from the history)":
    "beschädigt: Das Gerät nutzt sie nicht (neu aus dem Verlauf gezählt)",
  "and more damaged games": "und weitere beschädigte Spiele",
  // app.js
  "The board stopped: ": "Das Gerät hat angehalten: ",
  "If what the page keeps stops its board, reset it:": "Hält der Gerätespeicher das Gerät an, setze ihn zurück:",
  "The stored board was reset: the board starts afresh.": "Der Gerätespeicher wurde zurückgesetzt: Das Gerät startet neu.",
  "No finished games yet.": "Noch keine beendeten Spiele.",
  "download": "herunterladen",
  "Importing\u2026": "Importiere\u2026",
  "Nothing imported: ": "Nichts importiert: ",
  "Not imported: ": "Nicht importiert: ",
  "Counting\u2026": "Zähle\u2026",
  " min": " Min.",
  "No date or length: the board has no clock": "Kein Datum, keine Dauer: Das Gerät hat keine Uhr",
  " (started)": " (hat begonnen)",
  "wins": "gewinnt",
  "The game's record did not come whole: ": "Die Aufzeichnung des Spiels kam nicht vollständig an: ",
  "only the result": "nur das Ergebnis",
  "Keeping\u2026": "Übernehme\u2026",
  "Not kept: ": "Nicht übernommen: ",
  "This page needs cross-origin isolation (tools/web.py sends it; elsewhere its service worker adds it after a reload).":
    "Diese Seite braucht Cross-Origin-Isolation (tools/web.py sendet sie; anderswo fügt ihr Service Worker" +
    " sie nach einem Neuladen hinzu).",
  "fishtable is already running in another tab of this browser.": "fishtable läuft schon in einem anderen Tab dieses Browsers.",
  "This browser keeps no storage here: games are lost when the tab closes.":
    "Dieser Browser speichert hier nichts: Spiele gehen verloren, wenn der Tab geschlossen wird.",
};

export let german = false;

// The text to show for `english` in the page's language.
export const tr = (english) => (german && DE[english]) || english;

// The language the board saved ("en", "de") in a settings file (bytes or text), else null: read as
// the board reads it (fishtable/store/settings.py: `key=value` lines, then a `check=` line with the
// Fletcher sum of the lines before it; a file that does not end so is damaged, never trusted).
export function boardLanguage(data) {
  if (typeof data === "string") data = new TextEncoder().encode(data);
  if (!data) return null;
  let a = 0, b = 0, start = 0, lang = null;
  while (start < data.length) {
    const end = data.indexOf(10, start);
    if (end < 0) return null;
    const line = String.fromCharCode(...data.subarray(start, Math.min(end, start + 40)));
    if (line.startsWith("check=")) return end + 1 === data.length && Number(line.slice(6)) === ((b << 8) | a) ? lang : null;
    for (let i = start; i <= end; i++) {
      a = (a + data[i]) % 255;
      b = (b + a) % 255;
    }
    if (line.startsWith("language=")) lang = line.slice(9);
    start = end + 1;
  }
  return null;
}

// Choose the page's language once: the URL's ?lang=, else the board's setting, else the browser's.
export function chooseLanguage(asked, board, browser) {
  const lang = asked || board || ((browser || "").toLowerCase().startsWith("de") ? "de" : "en");
  german = lang === "de";
  return lang;
}

// The page's own texts in index.html (elements marked data-t, aria-label attributes) in the chosen
// language; their English is kept beside them the first time (a page that stays English: untouched).
export function translatePage(root) {
  if (!german && document.documentElement.lang === "en") return;
  document.documentElement.lang = german ? "de" : "en";
  const key = (html) => html.replace(/\s+/g, " ").trim();
  for (const el of root.querySelectorAll("[data-t]")) {
    if (el.dataset.en === undefined) el.dataset.en = key(el.innerHTML);
    el.innerHTML = tr(el.dataset.en);
  }
  for (const el of root.querySelectorAll("[aria-label]")) {
    if (el.dataset.enLabel === undefined) el.dataset.enLabel = el.getAttribute("aria-label");
    el.setAttribute("aria-label", tr(el.dataset.enLabel));
  }
}
