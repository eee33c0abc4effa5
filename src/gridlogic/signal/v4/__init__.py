"""Signal's generator version 4: any width and height from 3 to 25, wrapping or not.

Three modules, each importing only those before it: :mod:`.deduction` (the
global rule, groups of linked tiles, the search that counts to two),
:mod:`.grading` (the articles' four stages on any board, thresholds per
size) and :mod:`.generator` (the tree, link swaps, steering toward the
level, the JSON form). Version 3's modules (the articles' engine) are used
as they are: the tables, the local sweeps and propagation, the puzzle type.
"""
