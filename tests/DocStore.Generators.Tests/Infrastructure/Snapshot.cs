using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace DocStore.Generators.Tests.Infrastructure;

/// <summary>
/// A small stand-in for Verify (not on this machine's package mirror). The expected text lives in
/// <c>Name.verified.cs</c> next to the calling test file. On a mismatch, or when the verified file
/// does not exist yet, the actual text is written to <c>Name.received.cs</c> (git-ignored) and the
/// test fails; review it and rename it to <c>.verified.cs</c> to accept it.
/// </summary>
internal static partial class Snapshot
{
    public static void Verify(string actual, string name, [CallerFilePath] string callerPath = "")
    {
        string directory = Path.GetDirectoryName(callerPath)!;
        string verified = Path.Combine(directory, name + ".verified.cs");
        string received = Path.Combine(directory, name + ".received.cs");
        // The generator stamps its package version into [GeneratedCode]; a version bump is not a change of output.
        string normalized = GeneratorVersion().Replace(actual.Replace("\r\n", "\n", StringComparison.Ordinal), "$1{version}$2");

        if (File.Exists(verified) && File.ReadAllText(verified).Replace("\r\n", "\n", StringComparison.Ordinal) == normalized)
        {
            File.Delete(received);
            return;
        }

        File.WriteAllText(received, normalized);
        Assert.Fail(File.Exists(verified)
            ? $"Generated source differs from {verified}. Compare it with {received}; if the change is intended, replace the verified file with it."
            : $"No verified snapshot {verified} yet. Review {received} and rename it to .verified.cs to accept it.");
    }

    [GeneratedRegex("""(GeneratedCode\("DocStore\.Generators", ")[^"]*(")""")]
    private static partial Regex GeneratorVersion();
}
