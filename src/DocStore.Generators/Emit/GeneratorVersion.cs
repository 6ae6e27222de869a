using System.Reflection;

namespace DocStore.Generators.Emit;

/// <summary>The <c>[GeneratedCode]</c> attribute every generated type carries, versioned by this assembly.</summary>
internal static class GeneratorVersion
{
    /// <summary>
    /// The generator assembly's informational version without its build metadata (the SDK appends
    /// <c>+{commit}</c>, which would make the output differ between commits of the same version), or its
    /// assembly version when it has none.
    /// </summary>
    public static string Value { get; } = Read();

    public static string Attribute { get; } = $"[global::System.CodeDom.Compiler.GeneratedCode(\"DocStore.Generators\", {Names.Literal(Value)})]";

    private static string Read()
    {
        Assembly assembly = typeof(GeneratorVersion).Assembly;
        string? informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        if (!string.IsNullOrEmpty(informational))
        {
            int metadata = informational!.IndexOf('+');
            return metadata >= 0 ? informational.Substring(0, metadata) : informational;
        }

        return assembly.GetName().Version?.ToString() ?? "0.0.0";
    }
}
