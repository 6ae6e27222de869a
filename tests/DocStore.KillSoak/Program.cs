using System.Globalization;
using DocStore.KillSoak;

// The kill soak (docs/storage.md, "Kill soak"). Modes:
//   [--kills N] [--dir DIR] [--seed S]   the driver: N rounds (default 1000) of starting a writer child,
//                                        killing it after 10-300 ms, reopening the database and checking it.
//   --writer PATH SEED                   the child: writes until killed (Writer.cs).
var options = args.ToList();
if (options.Count >= 1 && options[0] == "--writer")
{
    return options.Count == 3
        ? await Writer.RunAsync(options[1], int.Parse(options[2], CultureInfo.InvariantCulture))
        : Usage();
}

var kills = 1000;
string? directory = null;
var seed = 20261126;
for (var i = 0; i < options.Count; i++)
{
    switch (options[i])
    {
        case "--kills" when i + 1 < options.Count && int.TryParse(options[i + 1], CultureInfo.InvariantCulture, out var n) && n > 0:
            kills = n;
            i++;
            break;
        case "--dir" when i + 1 < options.Count:
            directory = options[++i];
            break;
        case "--seed" when i + 1 < options.Count && int.TryParse(options[i + 1], CultureInfo.InvariantCulture, out var s):
            seed = s;
            i++;
            break;
        default:
            return Usage();
    }
}

return Driver.Run(kills, directory, seed);

static int Usage()
{
    Console.Error.WriteLine("usage: DocStore.KillSoak [--kills N] [--dir DIR] [--seed S]   (or --writer PATH SEED, the child)");
    return 2;
}
