# SPDX-License-Identifier: MIT
"""What pyproject.toml cannot say statically: the version, the installed
libtaups's (pkg-config --modversion taups), and the cffi extension."""
import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "taups"))
from _build import pkgconfig  # noqa: E402

setup(version=pkgconfig("--modversion"),
      cffi_modules=["taups/_build.py:ffi_from_pkgconfig"])
