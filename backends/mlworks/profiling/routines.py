"""The space profiler's allocation routines, in x86 assembly (mlworks.md §4a).

They live in the runtime area (the stub page, above the stubs, outside the stub page's
code hook, so they run at emulation speed with no Python in the loop) and are assembled
with keystone at profile start.

``ml_profile_alloc`` (patching scheme, §3a): reached through ``call [esi+0x38]`` from a
patched allocation site with ECX = bytes requested, gc_base already bumped past them, EDI
= the allocating function's closure. If gc_base <= gc_limit the object is at gc_base -
bytes; otherwise the runtime's GC entry (the stub that ``call [esi+4]`` normally reaches,
its address kept in the thread word REAL_GC) collects and returns the address in ECX.
Then the 2-word record (closure, untagged address) is appended at the thread's space
profile pointer (the thread word AREA_PTR, MLWorks's ``ml_state.space_profile``) and the
routine returns with ECX = untagged address, which the site tags with ``lea rd,[ecx+tag]``.

Why gc_limit and not real_gc_limit in the patching routine: they are equal except when the
runtime armed ``gc_limit = gc_base`` to take a census at the next allocation; comparing
with gc_limit lets a patched site honour that request too.

``ml_gc_profile`` (the 1998 overflow scheme, I386 ``SPACE_PROFILE_OVERFLOW``): installed
in the gc slot (0x04); no code is patched, gc_limit is kept equal to gc_base so every
inline allocation fails its check and comes here. It compares with real_gc_limit,
records, and re-arms ``gc_limit = gc_base``. Since gc_limit is always armed, the runtime's
own use of the trick (a census due at the next allocation) is signalled through the thread
word CENSUS instead, which sends the routine to the GC entry.

The record area is sized so it cannot overflow between collections (creation space / 8
records: every creation-space object is >= 8 bytes); only objects bigger than the creation
space (static, no collection) could exceed it, so the routine checks the limit and calls
the FLUSH stub, which moves the records out to the profiler's buffer.

EAX is saved in the profile_alloc_2 slot (0x3c) around its use, as MLWorks did.
"""

from __future__ import annotations

from keystone import KS_ARCH_X86, KS_MODE_32, Ks

from ..runtime import memory as M

# thread-state words used by the profiler (offsets from the implicit vector, above the
# runtime-service slots)
AREA_PTR = 0x800  # MLWorks's THREAD_ml_profile: next free record
AREA_LIMIT = 0x804
REAL_GC = 0x808  # the runtime's GC entry
FLUSH = 0x80C  # stub that empties a full record area
CENSUS = 0x81C  # overflow scheme: non-zero = the runtime wants a collection (a census) now
SCRATCH = M.SLOT_PROFILE_ALLOC_2  # 0x3c

ROUTINES = M.STUBS + 0x800  # where the routines are placed


def _source(overflow: bool) -> str:
    limit = M.SLOT_REAL_GC_LIMIT if overflow else M.SLOT_GC_LIMIT
    census = (f" cmp dword ptr [esi+{CENSUS:#x}], 0\n"
              " jne slow\n") if overflow else ""
    rearm = (f" mov eax, dword ptr [esi+{M.SLOT_GC_BASE:#x}]\n"
             f" mov dword ptr [esi+{M.SLOT_GC_LIMIT:#x}], eax\n") if overflow else ""
    return f"""
 mov dword ptr [esi+{SCRATCH:#x}], ecx
 mov ecx, dword ptr [esi+{M.SLOT_GC_BASE:#x}]
 cmp ecx, dword ptr [esi+{limit:#x}]
 ja slow
{census} sub ecx, dword ptr [esi+{SCRATCH:#x}]
record:
 mov dword ptr [esi+{SCRATCH:#x}], eax
 mov eax, dword ptr [esi+{AREA_PTR:#x}]
 cmp eax, dword ptr [esi+{AREA_LIMIT:#x}]
 jae full
rec2:
 mov dword ptr [eax], edi
 mov dword ptr [eax+4], ecx
 add eax, 8
 mov dword ptr [esi+{AREA_PTR:#x}], eax
{rearm} mov eax, dword ptr [esi+{SCRATCH:#x}]
 ret
slow:
 mov ecx, dword ptr [esi+{SCRATCH:#x}]
 call dword ptr [esi+{REAL_GC:#x}]
 jmp record
full:
 call dword ptr [esi+{FLUSH:#x}]
 mov eax, dword ptr [esi+{AREA_PTR:#x}]
 jmp rec2
"""


def assemble_x86(overflow: bool, address: int = ROUTINES) -> bytes:
    """Machine code of ``ml_profile_alloc`` (or, ``overflow``, ``ml_gc_profile``) placed at
    ``address``."""
    code, _n = Ks(KS_ARCH_X86, KS_MODE_32).asm(_source(overflow), address)
    return bytes(code)
