"""The examples of docs/rl/training.md run as written, with fewer episodes and steps: one
script of all its Python blocks in order, in a process of its own (its process pools and
vector environments start workers)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "rl" / "training.md"
FEWER = {  # what the page says -> what the test runs
    "EPISODES, RATE = 200, 0.01": "EPISODES, RATE = 2, 0.01",
    "WORKERS, STEPS = 4, 100": "WORKERS, STEPS = 2, 12",
    "WORKERS, EPISODES = 4, 8": "WORKERS, EPISODES = 2, 2",
}
CHECK = """
print(json.dumps({"weights": bool(np.abs(weights).sum() > 0), "returns": returns,
                  "steps": len(steps), "obs": list(obs["observation"].shape)}))
"""


def test_the_training_pages_examples_run(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)
    assert len(blocks) == 4
    script = "\n".join(blocks)
    for said, run in FEWER.items():
        assert said in script, said
        script = script.replace(said, run)
    path = tmp_path / "training.py"
    path.write_text("import json\n" + script + CHECK)
    done = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=600, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["weights"]  # the learner learned something from its two games
    assert len(found["returns"]) == 2  # two whole games, their returns summing to 0
    assert all(abs(sum(r.values())) < 1e-9 for r in found["returns"])
    assert found["steps"] == 2  # OpenSpiel's vector of two environments
    assert found["obs"][0] == 2  # Gymnasium's vector of two
