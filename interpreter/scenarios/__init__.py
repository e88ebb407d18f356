"""Scenarios (DESIGN.md section 5): loading and checking scenario files, setting up the
``given`` state, running the steps against the engine and checking the assertions.

Takes scenario files; gives PASS / FAIL / PENDING results.
"""
