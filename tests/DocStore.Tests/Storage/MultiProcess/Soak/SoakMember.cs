using System.Globalization;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// One place in the soak's crew (a writer, a reader or the checkpointer): the crash host process filling it
/// now, started again after each kill as a new generation, and every line each generation printed.
/// </summary>
internal sealed class SoakMember : IDisposable
{
    private readonly string _path;
    private readonly string _mode;
    private CrashHostProcess? _process;

    public SoakMember(string path, string mode, string name)
    {
        _path = path;
        _mode = mode;
        Name = name;
    }

    /// <summary>The place's name: w1, r2, c1.</summary>
    public string Name { get; }

    /// <summary>Lines per generation, the current one last; a writer's batches are named after its generation.</summary>
    public List<Generation> Generations { get; } = [];

    public Generation Current => Generations[^1];

    /// <summary>Starts the next generation with a seed of its own.</summary>
    public void Start(int seed)
    {
        var generation = new Generation(string.Create(CultureInfo.InvariantCulture, $"{Name}g{Generations.Count + 1}"), seed);
        Generations.Add(generation);
        var seedText = seed.ToString(CultureInfo.InvariantCulture);
        _process = _mode == "soakwrite"
            ? new CrashHostProcess(_mode, _path, generation.Id, seedText)
            : new CrashHostProcess(_mode, _path, seedText);
    }

    /// <summary>Takes the lines printed so far; false once the process ended its output by itself (true after a kill).</summary>
    public bool Pump()
    {
        if (_process is null)
        {
            return true;
        }

        Current.Lines.AddRange(_process.DrainLines());
        return !_process.OutputEnded;
    }

    /// <summary>Waits up to <paramref name="timeout"/> for one more line; true when one came.</summary>
    public bool Next(TimeSpan timeout)
    {
        if (_process!.ReadLine(timeout) is not { } line)
        {
            return false;
        }

        Current.Lines.Add(line);
        return true;
    }

    /// <summary>Whether the current process ended its output by itself, and what it printed on its error output.</summary>
    public (bool Ended, string Errors) Ended => (_process!.OutputEnded, _process.ErrorText);

    /// <summary>Kills the process (SIGKILL on Unix) and keeps every line it printed before it died.</summary>
    public void Kill()
    {
        if (_process is null)
        {
            return;
        }

        _process.Kill();
        while (!_process.OutputEnded)
        {
            Next(TimeSpan.FromSeconds(1));
        }

        Current.Killed = true;
        _process.Dispose();
        _process = null;
    }

    public void Dispose() => _process?.Dispose();

    /// <summary>One process's life in the place.</summary>
    internal sealed class Generation(string id, int seed)
    {
        public string Id { get; } = id;

        public int Seed { get; } = seed;

        public List<string> Lines { get; } = [];

        public bool Killed { get; set; }
    }
}
