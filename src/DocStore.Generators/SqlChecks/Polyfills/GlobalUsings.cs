// The SQL sources linked from the runtime rely on the runtime project's implicit usings.
global using System;
global using System.Collections.Generic;
