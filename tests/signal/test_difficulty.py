"""Signal's grader: the articles' worked example and the level rules."""

from gridlogic import signal
from gridlogic.signal.v3.generator import tree

NOTES_ANSWER = [4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8]


def test_articles_example():
    assert signal.analyze_difficulty(NOTES_ANSWER, 4).to_dict() == {
        "level": "medium", "boundaryFixed": 3, "localFixed": 10, "localRounds": 3, "globalRounds": 0,
        "needsSearch": True, "maxDepth": 1, "decisionPoints": 1, "remaining": 6, "largestRegion": 6,
    }


def test_levels_follow_the_thresholds():
    # Whatever the board, the level must be the one the printed thresholds give for its figures.
    for k in range(60):
        board = tree(5, __import__("gridlogic.rng", fromlist=["rng"]).rng(f"grade-{k}"))
        d = signal.analyze_difficulty(board, 5)
        substantial = d.remaining >= 8 and d.largest_region >= 6
        demanding = d.global_rounds >= 2 or (d.max_depth >= 2 and d.decision_points >= 2)
        easy = not d.needs_search and not d.global_rounds and d.local_rounds <= 8 and d.boundary_fixed / 25 >= 0.2
        expected = "hard" if substantial and demanding else "easy" if easy else "medium"
        assert d.level in (expected, "unrated")
        assert d.remaining == 25 - d.local_fixed
