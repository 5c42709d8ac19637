"""Gameshelf's games for learning agents: PettingZoo (``gameshelf.rl.pettingzoo``), Gymnasium
(``gameshelf.rl.gymnasium``) and OpenSpiel (``gameshelf.rl.openspiel``), all over each game's
fixed encoding (``core.engine.encoding``). Needs the optional extra:
``pip install 'gameshelf[rl]'``.
See docs/rl/README.md."""
