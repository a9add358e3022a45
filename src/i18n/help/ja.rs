//! The key table's help and the commands' help, by their English text
//! (the table is the English; see i18n::help).

pub(in crate::i18n) const HELP: &[(&str, &str)] = &[
    ("move the cursor", "カーソルを動かす"),
    (
        "play at the cursor (or click)",
        "カーソルの位置に打つ（またはクリック）",
    ),
    ("pass", "パス"),
    ("take back the last move", "最後の手を取り消す"),
    ("one move back", "1手戻る"),
    ("one move forward", "1手進む"),
    ("the start / the end of the game", "対局の最初 / 最後"),
    ("next / previous variation", "次 / 前の変化"),
    (
        "game information: players, rules, komi, result, time",
        "対局情報：対局者、ルール、コミ、結果、時間",
    ),
    (
        "comment the move (:comment TEXT, :comment+ adds a line)",
        "この手にコメント（:comment 文、:comment+ で1行追加）",
    ),
    (
        "count mode: mark dead stones, both views, the walkthroughs",
        "整地モード：死に石の指定、二つの数え方、順を追った説明",
    ),
    (
        "on the map: mark the chain at the cursor dead / alive (or click)",
        "全体図で：カーソルの石を死に / 生きに（またはクリック）",
    ),
    (
        "take back the last change of the marks",
        "最後の印の変更を取り消す",
    ),
    (
        "mark the whole group (related chains) dead / alive",
        "つながった石全体を死に / 生きに",
    ),
    (
        "mark the group as seki / not seki",
        "石をセキに / セキでなく",
    ),
    (
        "area against half the board / territory with prisoners",
        "石と地を盤の半分と比べる / 地とアゲハマ",
    ),
    (
        "walkthrough: next / previous step",
        "説明：次 / 前のステップ",
    ),
    (
        "count the other side (the Chinese steps start again)",
        "もう一方を数える（中国式のステップはやり直し）",
    ),
    (
        "confirmation play: play out a dispute (Esc marks the result)",
        "確認の打ち継ぎ：もめている所を打って決める（Esc で結果を印に）",
    ),
    ("what every symbol on the board means", "盤上の記号の意味"),
    (
        "write the count as the result (RE, TB/TW) at the game's end",
        "最後の局面で計算を結果として書く（RE、TB/TW）",
    ),
    (
        "back to the map (from a step, from presenting); never leaves count mode",
        "全体図に戻る（ステップから、発表から）；整地モードは出ない",
    ),
    (
        "back to recording (the marks are kept)",
        "棋譜入力に戻る（印は残る）",
    ),
    (
        "play a move in the confirmation play (or click)",
        "確認の打ち継ぎで打つ（またはクリック）",
    ),
    ("pass in the confirmation play", "確認の打ち継ぎでパス"),
    (
        "end the confirmation play: its verdict marks the count",
        "確認の打ち継ぎを終える：その判定で印をつける",
    ),
    (
        "place a handicap stone, or take one back (or click)",
        "置き石を置く、または戻す（またはクリック）",
    ),
    ("stop placing: no handicap", "置き石をやめる：互先"),
    (
        "presentation: the board and the caption only (again: back)",
        "発表：盤と説明だけ（もう一度で戻る）",
    ),
    ("save", "保存"),
    (
        "pause the game clock / let it go on",
        "対局時計を止める / 再開する",
    ),
    ("the command line (below)", "コマンド行（下）"),
    ("this help", "このヘルプ"),
    (
        "suspend kifu (fg brings it back)",
        "kifu を一時停止（fg で戻る）",
    ),
    ("quit (asks if unsaved)", "終了（未保存なら確認）"),
    (
        "play there (GTP Q16 or SGF pd; a point alone, :Q16, too)",
        "そこに打つ（GTP Q16 または SGF pd；:Q16 だけでもよい）",
    ),
    ("go to move N of this line", "この手順の N 手目へ"),
    (
        "move N was played at Q16 (:fix Q16: this move)",
        "N 手目は Q16 だった（:fix Q16：この手）",
    ),
    (
        "save (as FILE); save and quit; quit; quit now",
        "保存（FILE に）；保存して終了；終了；すぐ終了",
    ),
    (
        "the result by hand: B+T W+F B+3.5 0 void ?",
        "結果を手入力：B+T W+F B+3.5 0 void ?",
    ),
    ("the side to move resigns", "手番の側が投了"),
    (
        "this move's comment (:comment+ TEXT adds a line)",
        "この手のコメント（:comment+ 文 で1行追加）",
    ),
    ("the comment on the whole game", "対局全体へのコメント"),
    (
        "start a game clock (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock alone says it",
        "対局時計を始める（30m、30m 5x30s、1h 25/10m、10m +10s）；:clock だけで残り時間",
    ),
    (
        "time left for Black and White at this move (and on the running clocks)",
        "この手での黒と白の残り時間（と動いている時計）",
    ),
    (
        "Black's (or White's) stones, chain by chain, with liberties",
        "黒（または白）の石を連ごとに、ダメの数とともに",
    ),
    (
        "the chain at D5 (or the cursor) and its liberties",
        "D5（またはカーソル）の連とそのダメ",
    ),
    (
        "the last move and the cursor, in words",
        "直前の手とカーソルを言葉で",
    ),
    (
        "after the passes: play out a dispute (Esc marks it)",
        "パスの後：もめている所を打って決める（Esc で印）",
    ),
    (
        "black (or white) asks to resume; the other moves first",
        "黒（または白）が再開を求める；相手が先に打つ",
    ),
    (
        "the count as a handout: SVG per step, one HTML page",
        "計算を配布資料に：ステップごとの SVG と HTML ページ",
    ),
    (
        "the board's look (default light projector ascii mono)",
        "盤の見た目（default light projector ascii mono）",
    ),
    (
        "count mode's view (area or territory)",
        "整地モードの表示（area 中国式 または territory 日本式）",
    ),
    (
        "count mode: mark the chain at Q16 dead / alive",
        "整地モード：Q16 の石を死に / 生きに",
    ),
    (
        "type a point, Enter plays it (count mode: :Q16 marks)",
        "点を入力し Enter で打つ（整地モード：:Q16 で印）",
    ),
    (
        "0 the map, 1-6 jump to a step",
        "0 全体図、1-6 でステップへ",
    ),
];
