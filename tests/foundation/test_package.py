"""Issue 12 item 8: the distribution installs as claw-tabletop with the command `claw`,
carries a licence and metadata, and a wheel never ships data left in a stale build/."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.paths import ROOT

needs_tree = pytest.mark.skipif(not (ROOT / "setup.py").exists(), reason="needs the source tree")


@needs_tree
def test_project_metadata_names_a_free_distribution_and_keeps_the_command():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "claw-tabletop"
    assert project["scripts"] == {"claw": "claw.cli.shell.entry:main"}  # entry: signal handlers before any import
    # issue 27: an SPDX expression and the licence file (a License :: classifier beside it is an error)
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert project["keywords"] and not any(c.startswith("License ::") for c in project["classifiers"])
    assert "Typing :: Typed" in project["classifiers"] and (ROOT / "src" / "claw" / "py.typed").exists()
    assert {"Homepage", "Documentation", "Issues", "Changelog"} <= set(project["urls"])
    assert project["dynamic"] == ["version"] and "version" not in project  # one source: claw.__version__
    readme = (ROOT / "README.md").read_text()
    assert "pip install claw-tabletop" in readme and "pip install claw\n" not in readme
    assert "pipx install claw-tabletop" in readme and "uv tool install --compile-bytecode claw-tabletop" in readme


@needs_tree
def test_classifiers_name_every_python_from_the_floor_up():
    """Every minor version from requires-python's floor to the newest classified one is classified."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    floor = int(project["requires-python"].removeprefix(">=3."))
    minors = sorted(int(c.rsplit(".", 1)[1]) for c in project["classifiers"]
                    if c.startswith("Programming Language :: Python :: 3.") and c.count(".") == 1)
    assert minors[0] == floor and minors == list(range(floor, minors[-1] + 1)) and minors[-1] >= 13
    assert f"3.{sys.version_info.minor}" in {f"3.{m}" for m in minors} or sys.version_info.minor > minors[-1]


def _clean_tree(into: Path) -> Path:
    """The tracked files of the checkout (what a clone holds), without any build output."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    tree = into / "src-tree"
    for name in files.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    return tree


def _build_wheel(tree: Path, out: Path) -> Path:
    """Built as `pip install .` builds: in an isolated environment with the build requirements
    of pyproject.toml (from the configured index)."""
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(tree)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (wheel,) = out.glob("claw_tabletop-*.whl")
    return wheel


@pytest.mark.slow  # two wheel builds and a venv: about 15 s; the only test that exercises a real install
@needs_tree
@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_wheel_from_a_clean_tree_installs_in_a_fresh_venv_and_runs(tmp_path):
    tree = _clean_tree(tmp_path)
    # a build/ left by an older layout: a data file since renamed, with its JSON copy
    stale = tree / "build" / "lib" / "claw" / "data" / "msm"
    stale.mkdir(parents=True)
    (stale / "old-bestiary.yaml").write_text("rats: []\n")
    (stale / "old-bestiary.yaml.json").write_text("{}")
    (stale / "bestiary.yaml.json").write_text(json.dumps({"stale": True}))
    # issue 27: the build converts data with claw's own reader (YAML 1.2 core schema, `!` tags), not
    # ruamel's safe loader (YAML 1.1: yes -> true, 1_000 -> 1000, a date -> a date)
    probe = "a: yes\nb: 1_000\nc: 2001-12-14\nd: ! 12\ne: 0o17\n"
    (tree / "data" / "msm" / "probe.yaml").write_text(probe)
    wheel = _build_wheel(tree, tmp_path / "dist")
    names = zipfile.ZipFile(wheel).namelist()
    from claw.cli.formats.yamlload import load_yaml_plain

    built = json.loads(zipfile.ZipFile(wheel).read("claw/data/msm/probe.yaml.json"))
    assert built == load_yaml_plain(probe) == {"a": "yes", "b": "1_000", "c": "2001-12-14", "d": "12", "e": 15}
    assert "claw/data/msm/bestiary.yaml.json" in names and "claw/data/msm/bestiary.yaml" in names
    assert not [n for n in names if "old-bestiary" in n]
    with zipfile.ZipFile(wheel) as archive:
        bestiary = json.loads(archive.read("claw/data/msm/bestiary.yaml.json"))
        assert "stale" not in bestiary
        meta = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Name: claw-tabletop" in meta and "License" in meta

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    site = Path(subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # dependencies from this venv's site-packages (after the fresh venv's own, so the wheel's claw wins;
    # a .pth line adds no further .pth files, so this venv's editable claw stays out)
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # the deps path may hold claw-tabletop itself (CI's venv has it installed): put the wheel in
    # the fresh venv all the same, uninstalling nothing
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps",
                           "--ignore-installed", "--no-index", str(wheel)], capture_output=True, text=True)
    if done.returncode != 0 and "no such option: --python" in done.stderr:  # pip < 22.3
        done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                               "--target", str(site), str(wheel)], capture_output=True, text=True)
        claw = [str(py), "-m", "claw"]
    else:
        claw = [str(venv / "bin" / "claw")]
    assert done.returncode == 0, done.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("CLAW_STATE", "PYTHONPATH")}
    where = subprocess.run([py, "-c", "import claw; print(claw.__file__)"], capture_output=True, text=True,
                           env=env, cwd=tmp_path)
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr
    version = subprocess.run([*claw, "--version"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("claw "), version.stderr
    # the README's first command, as a pipeline of three claw runs
    new = subprocess.run([*claw, "new", "examples/msm/scenario-1.yaml", "--seed", "7"], capture_output=True,
                         text=True, env=env, cwd=tree)
    assert new.returncode == 0, new.stderr
    step = subprocess.run([*claw, "scenario-step", "--until", "cats"], input=new.stdout, capture_output=True,
                          text=True, env=env, cwd=tree)
    assert step.returncode == 0, step.stderr
    show = subprocess.run([*claw, "show"], input=step.stdout, capture_output=True, text=True, env=env, cwd=tree)
    assert show.returncode == 0 and "nera" in show.stdout, show.stderr


def test_loader_ignores_a_json_copy_whose_yaml_source_is_gone(tmp_path, monkeypatch):
    """A stale ``X.yaml.json`` without ``X.yaml`` is not read: the file counts as missing."""
    from claw.cli.formats import content
    from claw.core.errors import InvalidInput

    (tmp_path / "gone.yaml.json").write_text('{"stale": true}')
    (tmp_path / "kept.yaml.json").write_text('{"built": true}')
    (tmp_path / "kept.yaml").write_text("built: false\n")
    monkeypatch.setattr(content, "_folder", lambda package: str(tmp_path))
    content.load_data.cache_clear()
    try:
        assert content.load_data("msm/kept.yaml") == {"built": True}
        with pytest.raises(InvalidInput, match="packaged file missing"):
            content.load_data("msm/gone.yaml")
    finally:
        content.load_data.cache_clear()
