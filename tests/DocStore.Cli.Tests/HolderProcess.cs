using System.Diagnostics;

namespace DocStore.Cli.Tests;

/// <summary>
/// A process that holds a database open exclusively (the default sharing mode): the crash host's
/// <c>hold</c> mode, which opens the file, prints <c>ready</c> and keeps it open until its input closes.
/// </summary>
internal sealed class HolderProcess : IDisposable
{
    private readonly Process _process;

    public HolderProcess(string path)
    {
        var info = new ProcessStartInfo(Tool.DotnetHost())
        {
            RedirectStandardOutput = true,
            RedirectStandardInput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "DocStore.CrashHost.dll"));
        info.ArgumentList.Add("hold");
        info.ArgumentList.Add(path);
        using var ready = new ManualResetEventSlim();
        _process = new Process { StartInfo = info };
        _process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null or "ready")
            {
                ready.Set();
            }
        };
        _process.ErrorDataReceived += (_, _) => { };
        _process.Start();
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
        Assert.True(ready.Wait(TimeSpan.FromMinutes(10)), "hung: the holder never opened the database");
        Assert.False(_process.HasExited, "the holder ended without opening the database");
    }

    public void Dispose()
    {
        _process.StandardInput.Close();
        if (!_process.WaitForExit(TimeSpan.FromMinutes(10)))
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }
}
