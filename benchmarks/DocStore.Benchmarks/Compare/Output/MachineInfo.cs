using System.Runtime.InteropServices;

namespace DocStore.Benchmarks.Compare.Output;

/// <summary>A one-line description of where the numbers came from.</summary>
public static class MachineInfo
{
    public static string Describe()
    {
        var cpu = "unknown CPU";
        if (File.Exists("/proc/cpuinfo"))
        {
            var line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            if (line is not null)
            {
                cpu = line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
            }
        }

        return $"{cpu}, {Environment.ProcessorCount} logical cores, {RuntimeInformation.OSDescription}, {RuntimeInformation.FrameworkDescription}";
    }
}
