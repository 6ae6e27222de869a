using System.Reflection;
using System.Runtime.ExceptionServices;
using System.Runtime.Loader;

namespace DocStore.Guide.Tests.Infrastructure;

/// <summary>What a page's program did: its console output and the exception it ended with, if any.</summary>
internal sealed record PageRun(string Output, Exception? Failure, bool TimedOut);

/// <summary>
/// Runs a compiled page in a collectible load context, on its own thread, with the current directory set to
/// a new temporary folder (so relative paths like "app.db" land there) and the console captured.
/// </summary>
internal static class PageRunner
{
    private static readonly Lock ProcessState = new();

    /// <summary>
    /// Runs the page in <paramref name="folder"/> when given (the caller owns it and what the program leaves
    /// there), otherwise in a new temporary folder deleted afterwards.
    /// </summary>
    public static PageRun Run(string name, byte[] assembly, byte[] symbols, TimeSpan timeout, string? folder = null)
    {
        // The current directory and the console are per process: one page runs at a time.
        lock (ProcessState)
        {
            var owned = folder is null;
            folder ??= Directory.CreateTempSubdirectory("docstore-guide-").FullName;
            var context = new AssemblyLoadContext("guide " + name, isCollectible: true);
            var previousDirectory = Environment.CurrentDirectory;
            var previousOut = Console.Out;
            var previousError = Console.Error;
            var output = new StringWriter();
            var synchronized = TextWriter.Synchronized(output);
            Exception? failure = null;
            var finished = false;
            try
            {
                var entry = context.LoadFromStream(new MemoryStream(assembly), new MemoryStream(symbols)).EntryPoint
                    ?? throw new InvalidOperationException($"{name}: the program has no entry point.");
                Environment.CurrentDirectory = folder;
                Console.SetOut(synchronized);
                Console.SetError(synchronized);
                var thread = new Thread(() =>
                {
                    try
                    {
                        entry.Invoke(null, entry.GetParameters().Length == 0 ? null : [Array.Empty<string>()]);
                    }
                    catch (TargetInvocationException e) when (e.InnerException is not null)
                    {
                        failure = e.InnerException;
                    }
                    catch (Exception e)
                    {
                        failure = e;
                    }
                })
                {
                    IsBackground = true,
                    Name = "guide " + name,
                };
                thread.Start();
                finished = thread.Join(timeout);
            }
            finally
            {
                Console.SetOut(previousOut);
                Console.SetError(previousError);
                Environment.CurrentDirectory = previousDirectory;
                context.Unload();
                if (finished && owned)
                {
                    TryDelete(folder);
                }
            }

            return new PageRun(output.ToString(), failure, !finished);
        }
    }

    /// <summary>Rethrows a program's failure with its original stack trace.</summary>
    public static void Rethrow(Exception failure) => ExceptionDispatchInfo.Capture(failure).Throw();

    private static void TryDelete(string folder)
    {
        try
        {
            Directory.Delete(folder, recursive: true);
        }
        catch (IOException)
        {
            // A file still open by a program that leaked its handle; the temp folder is left behind.
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
