//! The key table's help and the commands' help, by their English text
//! (the table is the English; see i18n::help).

pub(in crate::i18n) const HELP: &[(&str, &str)] = &[
    ("move the cursor", "移動游標"),
    ("play at the cursor (or click)", "在游標處落子（或點選）"),
    ("pass", "停一手"),
    ("take back the last move", "悔棋（撤回上一手）"),
    ("one move back", "後退一手"),
    ("one move forward", "前進一手"),
    ("the start / the end of the game", "對局開頭 / 結尾"),
    ("next / previous variation", "下一個 / 上一個變化"),
    (
        "game information: players, rules, komi, result, time",
        "對局資訊：對局者、規則、貼目、結果、時間",
    ),
    (
        "comment the move (:comment TEXT, :comment+ adds a line)",
        "給這一手寫註釋（:comment 文字，:comment+ 加一行）",
    ),
    (
        "count mode: mark dead stones, both views, the walkthroughs",
        "點目模式：標記死子、兩種算法、逐步演示",
    ),
    (
        "on the map: mark the chain at the cursor dead / alive (or click)",
        "在總圖上：把游標處的棋串標為死 / 活（或點選）",
    ),
    ("take back the last change of the marks", "撤回上一次標記"),
    (
        "mark the whole group (related chains) dead / alive",
        "整塊棋（相連的棋串）標為死 / 活",
    ),
    (
        "mark the group as seki / not seki",
        "把棋塊標為雙活 / 取消雙活",
    ),
    (
        "area against half the board / territory with prisoners",
        "數子與歸本數比較 / 數目計提子",
    ),
    (
        "walkthrough: next / previous step",
        "逐步演示：下一步 / 上一步",
    ),
    (
        "count the other side (the Chinese steps start again)",
        "數另一方（數子的步驟重新開始）",
    ),
    (
        "confirmation play: play out a dispute (Esc marks the result)",
        "確認對局：下完有爭議的地方（Esc 標記結果）",
    ),
    ("what every symbol on the board means", "盤上每個符號的意思"),
    (
        "write the count as the result (RE, TB/TW) at the game's end",
        "在終局把計數寫為結果（RE、TB/TW）",
    ),
    (
        "back to the map (from a step, from presenting); never leaves count mode",
        "回到總圖（從某一步、從演示）；不離開點目模式",
    ),
    (
        "back to recording (the marks are kept)",
        "返回記譜（標記保留）",
    ),
    (
        "play a move in the confirmation play (or click)",
        "在確認對局中落子（或點選）",
    ),
    ("pass in the confirmation play", "在確認對局中停一手"),
    (
        "end the confirmation play: its verdict marks the count",
        "結束確認對局：其結論標記計數",
    ),
    (
        "place a handicap stone, or take one back (or click)",
        "放一個讓子，或拿回一個（或點選）",
    ),
    ("stop placing: no handicap", "停止放子：不讓子"),
    (
        "presentation: the board and the caption only (again: back)",
        "演示：只顯示棋盤和說明（再按：返回）",
    ),
    ("save", "儲存"),
    ("pause the game clock / let it go on", "暫停 / 繼續對局計時"),
    ("the command line (below)", "命令列（下方）"),
    ("this help", "本幫助"),
    ("suspend kifu (fg brings it back)", "掛起 kifu（fg 恢復）"),
    ("quit (asks if unsaved)", "退出（未儲存時會詢問）"),
    (
        "play there (GTP Q16 or SGF pd; a point alone, :Q16, too)",
        "在那裡落子（GTP Q16 或 SGF pd；只寫點 :Q16 也可以）",
    ),
    ("go to move N of this line", "到本線路的第 N 手"),
    (
        "move N was played at Q16 (:fix Q16: this move)",
        "第 N 手應下在 Q16（:fix Q16：這一手）",
    ),
    (
        "save (as FILE); save and quit; quit; quit now",
        "儲存（為 FILE）；儲存並退出；退出；立即退出",
    ),
    (
        "the result by hand: B+T W+F B+3.5 0 void ?",
        "手動輸入結果：B+T W+F B+3.5 0 void ?",
    ),
    ("the side to move resigns", "輪到下的一方認輸"),
    (
        "this move's comment (:comment+ TEXT adds a line)",
        "這一手的註釋（:comment+ 文字 加一行）",
    ),
    ("the comment on the whole game", "整局的註釋"),
    (
        "start a game clock (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock alone says it",
        "開始對局計時（30m、30m 5x30s、1h 25/10m、10m +10s）；只寫 :clock 報時",
    ),
    (
        "time left for Black and White at this move (and on the running clocks)",
        "這一手時黑白雙方的剩餘時間（以及正在走的鐘）",
    ),
    (
        "Black's (or White's) stones, chain by chain, with liberties",
        "黑方（或白方）的棋子，逐串列出及其氣",
    ),
    (
        "the chain at D5 (or the cursor) and its liberties",
        "D5（或游標處）的棋串及其氣",
    ),
    (
        "the last move and the cursor, in words",
        "上一手和游標位置，用文字說出",
    ),
    (
        "after the passes: play out a dispute (Esc marks it)",
        "雙方停一手之後：下完有爭議的地方（Esc 標記）",
    ),
    (
        "black (or white) asks to resume; the other moves first",
        "黑方（或白方）要求續下；對方先下",
    ),
    (
        "the count as a handout: SVG per step, one HTML page",
        "把計數做成講義：每步一個 SVG，一個 HTML 頁面",
    ),
    (
        "the board's look (default light projector ascii mono)",
        "棋盤外觀（default light projector ascii mono）",
    ),
    (
        "count mode's view (area or territory)",
        "點目模式的算法（area 數子 或 territory 數目）",
    ),
    (
        "count mode: mark the chain at Q16 dead / alive",
        "點目模式：把 Q16 的棋串標為死 / 活",
    ),
    (
        "type a point, Enter plays it (count mode: :Q16 marks)",
        "輸入一個點，Enter 落子（點目模式：:Q16 標記）",
    ),
    ("0 the map, 1-6 jump to a step", "0 總圖，1-6 跳到某一步"),
];
