"""Drives `kifu gtp` with gomill's GTP controller (gomill 0.8.3 from PyPI,
which is Python 2 only: run it with python2.7):
loadsgf, final_status_list dead, final_score.
Usage: python2 gomill_check.py KIFU FILE.sgf. Prints one line per answer."""
import sys

from gomill import gtp_controller


def main():
    kifu, sgf = sys.argv[1:3]
    channel = gtp_controller.Subprocess_gtp_channel([kifu, "gtp"])
    c = gtp_controller.Gtp_controller(channel, "kifu")
    print("loadsgf " + c.do_command("loadsgf", sgf))
    print("dead " + " ".join(c.do_command("final_status_list", "dead").split()))
    print("score " + c.do_command("final_score"))
    c.close()


if __name__ == "__main__":
    main()
