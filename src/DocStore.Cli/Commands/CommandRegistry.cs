namespace DocStore.Cli.Commands;

/// <summary>The commands of the tool, in the order `docstore --help` lists them.</summary>
internal static class CommandRegistry
{
    public static IReadOnlyList<ICliCommand> Commands { get; } =
    [
        new ShellCommand(),
        new SqlCommand(),
        new ImportCommand(),
        new ExportCommand(),
        new CheckCommand(),
        new StatsCommand(),
        new BackupCommand(),
        new CopyCommand(),
        new SchemaCommand(),
        new CompactCommand(),
        new RekeyCommand(),
        new DropCommand(),
        new RenameCommand(),
    ];
}
