# lit configuration for ltofold's IR tests (ir/) and link tests (link/).
import os
import sys
import lit.formats

config.name = "ltofold"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test"]
config.excludes = ["Inputs", "inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ltofold_bin_dir, "..", "testsuite")

path = os.pathsep.join([config.ltofold_bin_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
# Every test runs with verify, so the module is verified around every phase
# and every fold certified (merge/certify.c): every front end reads
# LTOFOLD_OPTIONS first. A test that sets LTOFOLD_OPTIONS itself says verify.
config.environment["LTOFOLD_OPTIONS"] = "verify"
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

plugin = os.path.join(config.ltofold_lib_dir, "libltofold.so")
config.substitutions.append(("%ltofold", os.path.join(config.ltofold_bin_dir, "ltofold")))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%goldplugin", os.path.join(config.ltofold_lib_dir, "ltofold-gold.so")))
config.substitutions.append(("%opt", os.path.join(config.llvm_tools_dir, "opt") + " -load-pass-plugin=" + plugin))
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(("%srcroot", config.ltofold_source_dir))
config.substitutions.append(("%builddir", config.ltofold_build_dir))
config.substitutions.append(("%python", sys.executable))
# Every report a test writes is checked against docs/report.schema.json
# (report/every-report-validated.test finds a test that forgets).
config.substitutions.append(("%validate-report", sys.executable + " " + os.path.join(
    config.ltofold_source_dir, "scripts", "validate-report.py")))

# The pass plugin is loaded into opt and lld, which are not built with
# sanitizers; those tests run only in the plain build.
if config.ltofold_sanitize not in ("ON", "1", "TRUE"):
    config.available_features.add("plugin")
for tool in ("ld.gold", "ld.bfd", "mold", "gcc", "git", "groff", "chromium"):
    if any(os.path.exists(os.path.join(d, tool)) for d in path.split(os.pathsep)):
        config.available_features.add(tool)
