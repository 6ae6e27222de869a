using System.Globalization;
using DocStore;
using DocStore.KillSoak;

// The kill soak (docs/storage.md, "Kill soak"). Modes:
//   [--kills N] [--dir DIR] [--seed S] [--durability full|normal|none|all]
//                                        the driver: N rounds (default 1000) of starting a writer child at
//                                        the round's durability (all three in turn by default), killing it
//                                        after 10-300 ms, reopening the database and checking it and the
//                                        copies the child's upkeep completed.
//   --writer PATH SEED DURABILITY        the child: writes beside upkeep until killed (Writer.cs).
var options = args.ToList();
if (options.Count >= 1 && options[0] == "--writer")
{
    return options.Count == 4 && Enum.TryParse<Durability>(options[3], ignoreCase: true, out var childDurability)
        ? await Writer.RunAsync(options[1], int.Parse(options[2], CultureInfo.InvariantCulture), childDurability)
        : Usage();
}

var kills = 1000;
string? directory = null;
var seed = 20261126;
Durability[] durabilities = [Durability.Full, Durability.Normal, Durability.None];
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
        case "--durability" when i + 1 < options.Count && options[i + 1].Equals("all", StringComparison.OrdinalIgnoreCase):
            i++;
            break;
        case "--durability" when i + 1 < options.Count && Enum.TryParse<Durability>(options[i + 1], ignoreCase: true, out var d) && Enum.IsDefined(d):
            durabilities = [d];
            i++;
            break;
        default:
            return Usage();
    }
}

return Driver.Run(kills, directory, seed, durabilities);

static int Usage()
{
    Console.Error.WriteLine("usage: DocStore.KillSoak [--kills N] [--dir DIR] [--seed S] [--durability full|normal|none|all]   (or --writer PATH SEED DURABILITY, the child)");
    return 2;
}
