"""Comparative studies: ``profkit study FILE`` runs a matrix of programs x backends x
architectures x profiling schemes x runtime parameters, each cell in its own ``profkit run``
process, keeps every cell's reports and loads their numbers into a SQLite results store;
``profkit compare`` prints nofib-analyse-style tables, CSV and one self-contained HTML page.

Modules: ``spec`` (the TOML study file and the matrix), ``cells`` (running one cell),
``execute`` (local pool or Dask, resume, progress), ``store`` (the SQLite tables),
``compare`` (metrics and tables), ``html`` (the page), ``gcstats`` (a scheme writing
collection statistics per generation), ``plugin`` (the subcommands and the scheme hook).
"""

from __future__ import annotations
