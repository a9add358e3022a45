//! The key table's help and the commands' help, by their English text
//! (the table is the English; see i18n::help).

pub(in crate::i18n) const HELP: &[(&str, &str)] = &[
    ("move the cursor", "den Cursor bewegen"),
    (
        "play at the cursor (or click)",
        "auf den Cursor spielen (oder klicken)",
    ),
    ("pass", "passen"),
    ("take back the last move", "den letzten Zug zurücknehmen"),
    ("one move back", "einen Zug zurück"),
    ("one move forward", "einen Zug vor"),
    (
        "the start / the end of the game",
        "der Anfang / das Ende der Partie",
    ),
    ("next / previous variation", "nächste / vorige Variante"),
    (
        "game information: players, rules, komi, result, time",
        "Partieinformation: Spieler, Regeln, Komi, Ergebnis, Zeit",
    ),
    (
        "comment the move (:comment TEXT, :comment+ adds a line)",
        "den Zug kommentieren (:comment TEXT, :comment+ fügt eine Zeile an)",
    ),
    (
        "count mode: mark dead stones, both views, the walkthroughs",
        "Zählmodus: tote Steine markieren, beide Ansichten, die Schritte",
    ),
    (
        "on the map: mark the chain at the cursor dead / alive (or click)",
        "auf der Übersicht: die Kette am Cursor tot / lebend markieren (oder klicken)",
    ),
    (
        "take back the last change of the marks",
        "die letzte Änderung der Markierungen zurücknehmen",
    ),
    (
        "mark the whole group (related chains) dead / alive",
        "die ganze Gruppe (verbundene Ketten) tot / lebend markieren",
    ),
    (
        "mark the group as seki / not seki",
        "die Gruppe als Seki / nicht Seki markieren",
    ),
    (
        "area against half the board / territory with prisoners",
        "Fläche gegen das halbe Brett / Gebiet mit Gefangenen",
    ),
    (
        "walkthrough: next / previous step",
        "Schritte: nächster / voriger Schritt",
    ),
    (
        "count the other side (the Chinese steps start again)",
        "die andere Seite zählen (die chinesischen Schritte beginnen neu)",
    ),
    (
        "confirmation play: play out a dispute (Esc marks the result)",
        "Bestätigungsspiel: einen Streitfall ausspielen (Esc markiert das Ergebnis)",
    ),
    (
        "what every symbol on the board means",
        "was jedes Symbol auf dem Brett bedeutet",
    ),
    (
        "write the count as the result (RE, TB/TW) at the game's end",
        "die Zählung als Ergebnis schreiben (RE, TB/TW), am Ende der Partie",
    ),
    (
        "back to the map (from a step, from presenting); never leaves count mode",
        "zurück zur Übersicht (von einem Schritt, aus der Präsentation); verlässt den Zählmodus nie",
    ),
    (
        "back to recording (the marks are kept)",
        "zurück zur Aufzeichnung (die Markierungen bleiben)",
    ),
    (
        "play a move in the confirmation play (or click)",
        "einen Zug im Bestätigungsspiel spielen (oder klicken)",
    ),
    (
        "pass in the confirmation play",
        "im Bestätigungsspiel passen",
    ),
    (
        "end the confirmation play: its verdict marks the count",
        "das Bestätigungsspiel beenden: sein Urteil markiert die Zählung",
    ),
    (
        "place a handicap stone, or take one back (or click)",
        "einen Vorgabestein setzen oder zurücknehmen (oder klicken)",
    ),
    (
        "stop placing: no handicap",
        "mit dem Setzen aufhören: keine Vorgabe",
    ),
    (
        "presentation: the board and the caption only (again: back)",
        "Präsentation: nur das Brett und die Erklärung (noch einmal: zurück)",
    ),
    ("save", "speichern"),
    (
        "pause the game clock / let it go on",
        "die Partieuhr anhalten / weiterlaufen lassen",
    ),
    ("the command line (below)", "die Befehlszeile (unten)"),
    ("this help", "diese Hilfe"),
    (
        "suspend kifu (fg brings it back)",
        "kifu anhalten (fg holt es zurück)",
    ),
    (
        "quit (asks if unsaved)",
        "beenden (fragt, wenn ungespeichert)",
    ),
    (
        "play there (GTP Q16 or SGF pd; a point alone, :Q16, too)",
        "dort spielen (GTP Q16 oder SGF pd; ein Punkt allein, :Q16, geht auch)",
    ),
    ("go to move N of this line", "zu Zug N dieser Linie"),
    (
        "move N was played at Q16 (:fix Q16: this move)",
        "Zug N wurde auf Q16 gespielt (:fix Q16: dieser Zug)",
    ),
    (
        "save (as FILE); save and quit; quit; quit now",
        "speichern (als FILE); speichern und beenden; beenden; sofort beenden",
    ),
    (
        "the result by hand: B+T W+F B+3.5 0 void ?",
        "das Ergebnis von Hand: B+T W+F B+3.5 0 void ?",
    ),
    ("the side to move resigns", "die Seite am Zug gibt auf"),
    (
        "this move's comment (:comment+ TEXT adds a line)",
        "der Kommentar dieses Zugs (:comment+ TEXT fügt eine Zeile an)",
    ),
    (
        "the comment on the whole game",
        "der Kommentar zur ganzen Partie",
    ),
    (
        "start a game clock (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock alone says it",
        "eine Partieuhr starten (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock allein sagt die Zeiten",
    ),
    (
        "time left for Black and White at this move (and on the running clocks)",
        "Restzeit von Schwarz und Weiß bei diesem Zug (und auf den laufenden Uhren)",
    ),
    (
        "Black's (or White's) stones, chain by chain, with liberties",
        "die Steine von Schwarz (oder Weiß), Kette für Kette, mit Freiheiten",
    ),
    (
        "the chain at D5 (or the cursor) and its liberties",
        "die Kette auf D5 (oder am Cursor) und ihre Freiheiten",
    ),
    (
        "the last move and the cursor, in words",
        "der letzte Zug und der Cursor, in Worten",
    ),
    (
        "after the passes: play out a dispute (Esc marks it)",
        "nach dem Passen: einen Streitfall ausspielen (Esc markiert ihn)",
    ),
    (
        "black (or white) asks to resume; the other moves first",
        "Schwarz (oder Weiß) will weiterspielen; der andere zieht zuerst",
    ),
    (
        "the count as a handout: SVG per step, one HTML page",
        "die Zählung als Handout: SVG je Schritt, eine HTML-Seite",
    ),
    (
        "the board's look (default light projector ascii mono)",
        "das Aussehen des Bretts (default light projector ascii mono)",
    ),
    (
        "count mode's view (area or territory)",
        "die Ansicht des Zählmodus (area Fläche oder territory Gebiet)",
    ),
    (
        "count mode: mark the chain at Q16 dead / alive",
        "Zählmodus: die Kette auf Q16 tot / lebend markieren",
    ),
    (
        "type a point, Enter plays it (count mode: :Q16 marks)",
        "einen Punkt tippen, Enter spielt ihn (Zählmodus: :Q16 markiert)",
    ),
    (
        "0 the map, 1-6 jump to a step",
        "0 die Übersicht, 1-6 springt zu einem Schritt",
    ),
];
