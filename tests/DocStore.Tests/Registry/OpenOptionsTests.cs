using System.Reflection;

namespace DocStore.Tests.Registry;

/// <summary>Every option a second opener can set is tracked as set, and is either checked against the open engine or only shapes a new file.</summary>
public sealed class OpenOptionsTests
{
    public static TheoryData<string> PublicOptions => [.. typeof(DocStoreOptions).GetProperties(BindingFlags.Public | BindingFlags.Instance).Select(p => p.Name)];

    [Theory]
    [MemberData(nameof(PublicOptions))]
    public void Setting_an_option_marks_it_and_only_it_as_given(string name)
    {
        var property = typeof(DocStoreOptions).GetProperty(name)!;
        var options = new DocStoreOptions();
        Assert.Equal(EngineOption.None, options.Given);
        property.SetValue(options, property.GetValue(new DocStoreOptions()));
        Assert.Equal(Enum.Parse<EngineOption>(name), options.Given);
    }

    [Theory]
    [MemberData(nameof(PublicOptions))]
    public void Every_option_is_checked_when_shared_except_the_page_size_of_a_new_file(string name)
    {
        var option = Enum.Parse<EngineOption>(name);
        Assert.Equal(option != EngineOption.PageSize, OptionConflicts.Checked.Contains(option));
    }
}
