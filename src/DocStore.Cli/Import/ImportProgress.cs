using System.Diagnostics;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace DocStore.Cli.Import;

/// <summary>The progress bar of a large import on a terminal: bytes of the file read, and documents per second.</summary>
internal static class ImportProgress
{
    public static ImportResult Run(long fileLength, Func<Action<long, long>, ImportResult> import)
    {
        var rate = new RateColumn();
        ImportResult? result = null;
        AnsiConsole.Progress()
            .AutoClear(true)
            .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), rate, new ElapsedTimeColumn())
            .Start(context =>
            {
                var task = context.AddTask("importing", maxValue: Math.Max(1, fileLength));
                result = import((bytes, documents) =>
                {
                    task.Value = bytes;
                    rate.Documents = documents;
                });
                task.Value = task.MaxValue;
            });
        return result!;
    }

    private sealed class RateColumn : ProgressColumn
    {
        private readonly Stopwatch _clock = Stopwatch.StartNew();

        public long Documents { get; set; }

        public override IRenderable Render(RenderOptions options, ProgressTask task, TimeSpan deltaTime)
        {
            var seconds = Math.Max(_clock.Elapsed.TotalSeconds, 0.001);
            return new Text($"{Documents:N0} docs, {Documents / seconds:N0} docs/s");
        }
    }
}
