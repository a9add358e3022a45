//! The key table's help and the commands' help, by their English text
//! (the table is the English; see i18n::help).

pub(in crate::i18n) const HELP: &[(&str, &str)] = &[
    ("move the cursor", "移动光标"),
    ("play at the cursor (or click)", "在光标处落子（或点击）"),
    ("pass", "停一手"),
    ("take back the last move", "悔棋（撤回上一手）"),
    ("one move back", "后退一手"),
    ("one move forward", "前进一手"),
    ("the start / the end of the game", "对局开头 / 结尾"),
    ("next / previous variation", "下一个 / 上一个变化"),
    (
        "game information: players, rules, komi, result, time",
        "对局信息：对局者、规则、贴目、结果、时间",
    ),
    (
        "comment the move (:comment TEXT, :comment+ adds a line)",
        "给这一手写注释（:comment 文字，:comment+ 加一行）",
    ),
    (
        "count mode: mark dead stones, both views, the walkthroughs",
        "点目模式：标记死子、两种算法、逐步演示",
    ),
    (
        "on the map: mark the chain at the cursor dead / alive (or click)",
        "在总图上：把光标处的棋串标为死 / 活（或点击）",
    ),
    ("take back the last change of the marks", "撤回上一次标记"),
    (
        "mark the whole group (related chains) dead / alive",
        "整块棋（相连的棋串）标为死 / 活",
    ),
    (
        "mark the group as seki / not seki",
        "把棋块标为双活 / 取消双活",
    ),
    (
        "area against half the board / territory with prisoners",
        "数子与归本数比较 / 数目计提子",
    ),
    (
        "walkthrough: next / previous step",
        "逐步演示：下一步 / 上一步",
    ),
    (
        "count the other side (the Chinese steps start again)",
        "数另一方（数子的步骤重新开始）",
    ),
    (
        "confirmation play: play out a dispute (Esc marks the result)",
        "确认对局：下完有争议的地方（Esc 标记结果）",
    ),
    ("what every symbol on the board means", "盘上每个符号的意思"),
    (
        "write the count as the result (RE, TB/TW) at the game's end",
        "在终局把计数写为结果（RE、TB/TW）",
    ),
    (
        "back to the map (from a step, from presenting); never leaves count mode",
        "回到总图（从某一步、从演示）；不离开点目模式",
    ),
    (
        "back to recording (the marks are kept)",
        "返回记谱（标记保留）",
    ),
    (
        "play a move in the confirmation play (or click)",
        "在确认对局中落子（或点击）",
    ),
    ("pass in the confirmation play", "在确认对局中停一手"),
    (
        "end the confirmation play: its verdict marks the count",
        "结束确认对局：其结论标记计数",
    ),
    (
        "place a handicap stone, or take one back (or click)",
        "放一个让子，或拿回一个（或点击）",
    ),
    ("stop placing: no handicap", "停止放子：不让子"),
    (
        "presentation: the board and the caption only (again: back)",
        "演示：只显示棋盘和说明（再按：返回）",
    ),
    ("save", "保存"),
    ("pause the game clock / let it go on", "暂停 / 继续对局计时"),
    ("the command line (below)", "命令行（下方）"),
    ("this help", "本帮助"),
    ("suspend kifu (fg brings it back)", "挂起 kifu（fg 恢复）"),
    ("quit (asks if unsaved)", "退出（未保存时会询问）"),
    (
        "play there (GTP Q16 or SGF pd; a point alone, :Q16, too)",
        "在那里落子（GTP Q16 或 SGF pd；只写点 :Q16 也可以）",
    ),
    ("go to move N of this line", "到本线路的第 N 手"),
    (
        "move N was played at Q16 (:fix Q16: this move)",
        "第 N 手应下在 Q16（:fix Q16：这一手）",
    ),
    (
        "save (as FILE); save and quit; quit; quit now",
        "保存（为 FILE）；保存并退出；退出；立即退出",
    ),
    (
        "the result by hand: B+T W+F B+3.5 0 void ?",
        "手动输入结果：B+T W+F B+3.5 0 void ?",
    ),
    ("the side to move resigns", "轮到下的一方认输"),
    (
        "this move's comment (:comment+ TEXT adds a line)",
        "这一手的注释（:comment+ 文字 加一行）",
    ),
    ("the comment on the whole game", "整局的注释"),
    (
        "start a game clock (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock alone says it",
        "开始对局计时（30m、30m 5x30s、1h 25/10m、10m +10s）；只写 :clock 报时",
    ),
    (
        "time left for Black and White at this move (and on the running clocks)",
        "这一手时黑白双方的剩余时间（以及正在走的钟）",
    ),
    (
        "Black's (or White's) stones, chain by chain, with liberties",
        "黑方（或白方）的棋子，逐串列出及其气",
    ),
    (
        "the chain at D5 (or the cursor) and its liberties",
        "D5（或光标处）的棋串及其气",
    ),
    (
        "the last move and the cursor, in words",
        "上一手和光标位置，用文字说出",
    ),
    (
        "after the passes: play out a dispute (Esc marks it)",
        "双方停一手之后：下完有争议的地方（Esc 标记）",
    ),
    (
        "black (or white) asks to resume; the other moves first",
        "黑方（或白方）要求续下；对方先下",
    ),
    (
        "the count as a handout: SVG per step, one HTML page",
        "把计数做成讲义：每步一个 SVG，一个 HTML 页面",
    ),
    (
        "the board's look (default light projector ascii mono)",
        "棋盘外观（default light projector ascii mono）",
    ),
    (
        "count mode's view (area or territory)",
        "点目模式的算法（area 数子 或 territory 数目）",
    ),
    (
        "count mode: mark the chain at Q16 dead / alive",
        "点目模式：把 Q16 的棋串标为死 / 活",
    ),
    (
        "type a point, Enter plays it (count mode: :Q16 marks)",
        "输入一个点，Enter 落子（点目模式：:Q16 标记）",
    ),
    ("0 the map, 1-6 jump to a step", "0 总图，1-6 跳到某一步"),
];
