namespace DocStore.Cli.Hosting;

/// <summary>A failure the tool reports as one line and exit code 1 (bad input data, unknown collection, ...).</summary>
internal sealed class CliFailureException(string message, Exception? inner = null) : Exception(message, inner);

/// <summary>A command line that parses but makes no sense (an unknown format, a bad --types entry): exit code 2.</summary>
internal sealed class CliUsageException(string message) : Exception(message);
