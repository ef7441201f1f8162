"""The published folder (site/): one build at a time, swapped in by one atomic step, recovered after a killed build."""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from .errors import OS_FAULTS, FaultError, os_fault, require_space
from .processes import folder_lock

AT_FDCWD = -100
RENAME_EXCHANGE = 2  # linux/fs.h: swap two paths in one step
# Kernels or file systems without RENAME_EXCHANGE answer these; we then fall back to two renames (see swap).
_NO_EXCHANGE = {errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP}


def new_prefix(site_dir: Path) -> str:
    """Prefix of the folder a build writes into, beside site_dir."""
    return f".{site_dir.name}-novo-"


def old_prefix(site_dir: Path) -> str:
    """Prefix of the previous site between the swap and its removal."""
    return f".{site_dir.name}-antigo-"


def discard_prefix(site_dir: Path) -> str:
    """Prefix of a previous site being removed in the background after the swap (see `swap`)."""
    return f".{site_dir.name}-descartado-"


def cache_prefixes(site_dir: Path) -> tuple[str, str]:
    """Prefixes of the incremental cache a build writes (generator/incremental.py) and of the one it retires."""
    return f".{site_dir.name}-cache-novo-", f".{site_dir.name}.gazeta-cache.antigo-"


def locked(site_dir: Path):
    """Hold an exclusive lock on site_dir's parent folder for the whole build; FaultError if another build has it
    (generator/processes.folder_lock)."""
    parent = site_dir.parent
    return folder_lock(parent, f"outra geração do site já está em andamento na pasta «{parent}» (outro gazeta "
                       "build). Espere ela terminar e rode de novo; esta não alterou nada.")


def recover(site_dir: Path) -> list[str]:
    """Undo what a killed build left beside site_dir (call it holding the lock); return what was done, in Portuguese.

    A build killed between the two renames of the fallback swap leaves no site_dir and the previous site under the
    old prefix: it is put back. Folders under the new prefix are never complete for sure, so they are removed, as are
    the incremental caches a killed build was writing or retiring."""
    parent, done = site_dir.parent, []
    for path in parent.iterdir():  # a previous site still being removed after its swap: finish the job, silently
        if path.name.startswith(discard_prefix(site_dir)):
            _remove(path)
    leftovers = [p for p in parent.iterdir()
                 if p.name.startswith((new_prefix(site_dir), old_prefix(site_dir), *cache_prefixes(site_dir)))]
    old = sorted((p for p in leftovers if p.name.startswith(old_prefix(site_dir)) and p.is_dir()),
                 key=lambda p: p.stat().st_ctime)
    if not os.path.lexists(site_dir) and old:
        os.rename(old[-1], site_dir)
        leftovers.remove(old[-1])
        done.append(f"o site anterior voltou para «{site_dir}»: uma geração tinha sido interrompida no meio da troca.")
    for path in leftovers:
        _remove(path)
    if leftovers:
        done.append(f"removida(s) {len(leftovers)} pasta(s) temporária(s) deixada(s) por geração interrompida em "
                    f"«{parent}».")
    return done


# From this size the previous site is removed after the build returns, by a process of its own: removing a national
# site (2.7 GB in 27,865 files at 1,000,000 candidates) took 28 s on this machine's disk, longer than the whole
# incremental rebuild it follows (issue 8 item 7). Smaller sites are removed at once, before the build returns.
BACKGROUND_FROM = 256 * 2**20


def swap(new: Path, target: Path, *, background: bool = False) -> None:
    """Put the finished tree `new` at `target`: one atomic exchange where the kernel offers it, then remove the old
    (`background`: by an `rm` of its own, under a name `recover` removes if it is still there at the next build)."""
    os.chmod(new, 0o755)  # mkdtemp made it 0700; fixed before it is published, never after
    if not os.path.lexists(target):
        os.rename(new, target)
        return
    retired = target.with_name(f"{old_prefix(target)}{os.getpid()}")
    if _exchange(new, target):
        os.rename(new, retired)  # `new` now names the previous site
    else:
        # Two renames: a kill between them leaves no `target`, which `recover` undoes at the next build.
        os.rename(target, retired)
        os.rename(new, target)
    if background:
        _remove_in_background(retired, target)
    else:
        _remove(retired)


def _remove_in_background(path: Path, target: Path) -> None:
    """Rename the retired site out of the way and leave its removal to `rm`, in a session of its own (it finishes
    after gazeta has returned). Where that cannot start, it is removed at once."""
    trash = target.with_name(f"{discard_prefix(target)}{os.getpid()}-{time.monotonic_ns()}")
    try:
        os.rename(path, trash)
    except OSError:
        _remove(path)
        return
    try:  # `sh` starts `rm` in the background and returns at once: `rm` outlives gazeta and leaves no zombie
        subprocess.run(["sh", "-c", 'rm -rf -- "$1" &', "sh", str(trash)], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        _remove(trash)


def _exchange(a: Path, b: Path) -> bool:
    """renameat2(RENAME_EXCHANGE): swap two paths in one step; False where the platform cannot."""
    if not sys.platform.startswith("linux"):
        return False
    function = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)  # glibc ≥ 2.28
    if function is None:
        return False
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if function(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in _NO_EXCHANGE:
        return False
    raise OSError(code, os.strerror(code), str(b))


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def tree_size(path: Path) -> int:
    """Bytes of the regular files under path (0 when it does not exist)."""
    total = 0
    for folder, _, names in os.walk(path):
        for name in names:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return total


def check_space(site_dir: Path, needed: int) -> None:
    """FaultError when the disk of site_dir's parent has clearly less free space than `needed` bytes."""
    require_space(site_dir.parent, needed, "a geração", "o site atual não foi alterado")


# Every site gazeta makes carries this file: a folder that holds anything else is never replaced (issue 22 item 1).
MARKER = ".gazeta-site"
MARKER_TEXT = ("Pasta gerada pelo gazeta (gazeta build). Cada geração substitui esta pasta inteira: não guarde "
               "nada aqui.\n")


def mark(tree: Path) -> None:
    """Write the owner marker into a tree about to be swapped in."""
    (tree / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


def refuse_unsafe(site_dir: Path, keep: dict[str, Path], *, described: bool = False) -> None:
    """FaultError unless replacing site_dir can only ever destroy a site gazeta made (issue 22 item 1).

    `keep` names the folders that must survive whatever the build does (the content folder, the project with its
    mkdocs.yml, the working folder): site_dir may not equal one, contain one, or lie inside the content folder. An
    existing site_dir must be a folder that is empty or carries gazeta's marker; a site built before the marker
    existed is recognised by the incremental cache that describes it (`described`, generator/incremental.py)."""
    site = site_dir.resolve()
    for what, folder in keep.items():
        folder = folder.resolve()
        if site == folder or folder.is_relative_to(site):
            raise FaultError(f"--site «{site_dir}» é {'a própria' if site == folder else 'uma pasta que contém a'} "
                             f"{what} («{folder}»): cada geração apaga e substitui a pasta do site inteira. Escolha "
                             "uma pasta só para o site, por exemplo --site site. Nada foi alterado.")
    content = keep.get("pasta de conteúdo")
    if content is not None and site.is_relative_to(content.resolve()):
        raise FaultError(f"--site «{site_dir}» fica dentro da pasta de conteúdo («{content.resolve()}»): o site "
                         "seria lido como conteúdo na próxima geração e os dados dos certames ficariam ao lado dele. "
                         "Escolha uma pasta fora dela, por exemplo --site site. Nada foi alterado.")
    if not os.path.lexists(site_dir):
        return
    if not site.is_dir():
        raise FaultError(f"--site «{site_dir}» já existe e não é uma pasta: a geração não substitui um arquivo. "
                         "Escolha outra pasta. Nada foi alterado.")
    if (site / MARKER).is_file() or described or not any(site.iterdir()):
        return
    raise FaultError(f"--site «{site_dir}» já existe e não foi gerada pelo gazeta (falta o arquivo {MARKER} que "
                     "toda geração grava): a geração apagaria o que está nela. Escolha uma pasta vazia ou nova, ou, "
                     "se ela for mesmo um site antigo do gazeta, apague-a antes. Nada foi alterado.")


def is_mount_point(site_dir: Path) -> bool:
    """True when site_dir is the root of a mounted file system (it cannot be renamed: EBUSY)."""
    return site_dir.is_dir() and not site_dir.is_symlink() and os.path.ismount(site_dir)


MOUNT_POINT = ("«{site}» é um ponto de montagem (um disco ou volume montado ali) e não pode ser substituída de "
               "uma só vez. Gere o site numa pasta dentro dela, por exemplo --site {site}/publicado, e aponte o "
               "servidor para essa pasta; o site atual não foi alterado.")

FAULTS = OS_FAULTS  # errno → what happened (generator/errors.py)


def fault(error: OSError, site_dir: Path) -> FaultError | None:
    """The Portuguese FaultError for an OSError of the machine (full or read-only disk…), or None for others."""
    if error.errno in (errno.EBUSY, errno.EXDEV):
        return FaultError(MOUNT_POINT.format(site=site_dir))
    found = os_fault(error)
    if found is None:
        return None
    what, filename = found
    where = f" («{filename}»)" if filename else ""
    return FaultError(f"não foi possível gravar o site em «{site_dir}»: {what}{where}. Corrija e rode de novo; "
                      "o site atual não foi alterado e a pasta temporária foi removida.")
