using System.CommandLine;

namespace DocStore.Cli.Commands;

/// <summary>
/// One top-level command of the tool. A new command implements this and adds itself to
/// <see cref="CommandRegistry.Commands"/>; its action should run through <c>CommandRunner.Run</c> so that
/// failures map to the tool's exit codes.
/// </summary>
internal interface ICliCommand
{
    /// <summary>Builds the command with its arguments, options and action.</summary>
    Command Create();
}
