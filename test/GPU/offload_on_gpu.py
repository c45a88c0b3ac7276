"""lit test format for test/GPU: runs the test/Offload sources."""
import os

import lit.formats
import lit.Test


class OffloadTestsOnGPU(lit.formats.ShTest):
    """Finds the end-to-end tests of test/Offload, to run them from here."""

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        offload = os.path.join(testSuite.source_root, "Offload")
        for name in sorted(os.listdir(offload)):
            if os.path.splitext(name)[1] not in (".c", ".cpp"):
                continue
            yield lit.Test.Test(testSuite, path_in_suite + (name,), localConfig,
                                file_path=os.path.join(offload, name))
