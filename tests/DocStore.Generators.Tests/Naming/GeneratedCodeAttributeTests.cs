using System.Reflection;
using DocStore.Generators.Tests.Infrastructure;
using DocStore.Generators.Tests.Models;

namespace DocStore.Generators.Tests.Naming;

/// <summary>The <c>[GeneratedCode]</c> attribute names the generator and the version of the assembly that ran.</summary>
public class GeneratedCodeAttributeTests
{
    [Fact]
    public void Generated_types_carry_the_generator_assembly_version()
    {
        string informational = typeof(DocStoreGenerator).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()!.InformationalVersion;
        string version = informational.Split('+')[0];
        string code = TestCompilation.Generate(TestModels.Issue).Sources["MyApp.Person.DocStore.g.cs"];
        Assert.Contains($"[global::System.CodeDom.Compiler.GeneratedCode(\"DocStore.Generators\", \"{version}\")]", code, StringComparison.Ordinal);
    }
}
