// GoGui's own code reads kifu's analyze commands and draws their answers:
// `java -cp gogui.jar:DIR KifuAnalyze KIFU FILE.sgf OUT.png` starts
// `KIFU gtp --rules japanese`, loads FILE.sgf, parses every line of
// gogui-analyze_commands with GoGui's AnalyzeDefinition, sends each
// command and shows its answer with GoGui's AnalyzeShow on a GuiBoard
// (headless), then paints the board with the count to OUT.png. Prints one
// line per command: its type, label, and what GoGui drew; exits 1 on any
// error (a GTP failure, an answer GoGui cannot parse).
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.*;
import java.util.ArrayList;
import javax.imageio.ImageIO;
import net.sf.gogui.game.BoardUpdater;
import net.sf.gogui.game.ConstNode;
import net.sf.gogui.game.GameTree;
import net.sf.gogui.go.Board;
import net.sf.gogui.go.GoPoint;
import net.sf.gogui.gtp.AnalyzeCommand;
import net.sf.gogui.gtp.AnalyzeDefinition;
import net.sf.gogui.gtp.BoardParameters;
import net.sf.gogui.gui.AnalyzeShow;
import net.sf.gogui.gui.GuiBoard;
import net.sf.gogui.gui.StatusBar;
import net.sf.gogui.sgf.SgfReader;

public class KifuAnalyze {
    static BufferedReader in;
    static PrintWriter out;

    static String send(String command) throws IOException {
        out.print(command + "\n");
        out.flush();
        StringBuilder answer = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null && !line.isEmpty()) {
            answer.append(line).append('\n');
        }
        String a = answer.toString();
        if (!a.startsWith("=")) {
            throw new IOException(command + ": " + a);
        }
        return a.substring(1).trim();
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        File sgf = new File(args[1]);
        GameTree tree = new SgfReader(new FileInputStream(sgf), sgf, null, 0).getTree();
        ConstNode node = tree.getRootConst();
        while (node.hasChildren()) {
            node = node.getChildConst();
        }
        int size = tree.getBoardSize();
        Board board = new Board(new BoardParameters(size));
        new BoardUpdater().update(tree, node, board);
        Process p = new ProcessBuilder(args[0], "gtp", "--rules", "japanese").start();
        in = new BufferedReader(new InputStreamReader(p.getInputStream(), "UTF-8"));
        out = new PrintWriter(new OutputStreamWriter(p.getOutputStream(), "UTF-8"));
        send("loadsgf " + sgf.getAbsolutePath());
        ArrayList<String> lines = new ArrayList<>();
        for (String l : send("gogui-analyze_commands").split("\n")) {
            lines.add(l);
        }
        GuiBoard gui = new GuiBoard(new BoardParameters(size));
        gui.setPreferredFieldSize(new Dimension(36, 36));
        net.sf.gogui.gui.GuiBoardUtil.updateFromGoBoard(gui, board, false, false);
        // GoGui's StatusBar needs icons the jar lacks: the TEXT line goes
        // to the text shown instead.
        StatusBar status = null;
        for (String line : lines) {
            AnalyzeDefinition def = new AnalyzeDefinition(line);
            AnalyzeCommand cmd = new AnalyzeCommand(def);
            String answer = send(def.getCommand());
            StringBuilder text = new StringBuilder();
            if (def.getType() != net.sf.gogui.gtp.AnalyzeType.GFX) {
                AnalyzeShow.show(cmd, gui, status, board, answer, text);
            }
            int marks = 0, squares = 0, labels = 0, territory = 0;
            if (def.getType() == net.sf.gogui.gtp.AnalyzeType.GFX) {
                AnalyzeShow.showGfx(answer, gui, status, text);
            }
            for (GoPoint q : board) {
                marks += gui.getMark(q) ? 1 : 0;
                squares += gui.getMarkSquare(q) ? 1 : 0;
                labels += gui.getLabel(q) != null && !gui.getLabel(q).isEmpty() ? 1 : 0;
                territory += gui.getFieldConst(q).getTerritory() != null
                        && gui.getFieldConst(q).getTerritory() != net.sf.gogui.go.GoColor.EMPTY ? 1 : 0;
            }
            String selected = "";
            if (def.getType() == net.sf.gogui.gtp.AnalyzeType.PLIST) {
                selected = " points " + net.sf.gogui.gtp.GtpUtil.parsePointList(answer, size).size();
            }
            System.out.println(def.getType() + " | " + def.getLabel() + " | marks " + marks
                    + " squares " + squares + " labels " + labels + " territory " + territory
                    + selected + " | text " + text.toString().replace('\n', ' '));
            if (def.getType() == net.sf.gogui.gtp.AnalyzeType.GFX && args.length > 2) {
                // GoGui's own board painter draws the fields as the
                // analyze command left them: stones, markup, territory.
                int w = 480;
                BufferedImage img = new BufferedImage(w, w, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = img.createGraphics();
                net.sf.gogui.boardpainter.ConstField[][] fields =
                        new net.sf.gogui.boardpainter.ConstField[size][size];
                for (GoPoint q : board) {
                    fields[q.getX()][q.getY()] = gui.getFieldConst(q);
                }
                GuiBoard.getPainter(gui.getParameters().geometry()).draw(g, fields, w, true);
                g.dispose();
                ImageIO.write(img, "png", new File(args[2]));
            }
            if (def.getType() != net.sf.gogui.gtp.AnalyzeType.GFX) {
                gui.clearAllMarkup();
                gui.clearAllLabels();
                gui.clearAllSelect();
            }
        }
        send("quit");
    }
}
