"""Loop version 2: any board from 4×4 to 30×30, four levels defined by technique, fast generation.

:mod:`.levels` (the techniques of each level and the grade), :mod:`.region` (the answer's region on a rectangle),
:mod:`.removal` (clue removal on one shared board), :mod:`.generator`
(attempts, the puzzle, its JSON form).
"""
